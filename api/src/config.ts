import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

/** The repository root, resolved from this file so the working directory never matters. */
export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url));

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** PostgreSQL connections per API process (PGlite has one). Mind max_connections across processes. */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
    /** How long an API process reuses a session it read (invalidated at once on logout, block, role change); 0 reads every time. */
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    /**
     * How long an API process reuses a page of the member profile list and a member's list overlay (decision 0042):
     * edits, photos, favourites and blocks drop them at once; activity and the count are at most this old. 0 turns it off.
     */
    PROFILE_LIST_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
    PUBLIC_URL: z.url().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Amora <no-reply@amora.local>'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL_MINUTES: z.coerce.number().int().min(55).max(24 * 60).default(120),
    /** Credits a new member starts with (a signup credit_ledger row records them). */
    SIGNUP_CREDITS: z.coerce.number().int().min(0).max(1000).default(0),
    /** Behind a reverse proxy: take the client address from X-Forwarded-For (login throttling per IP). */
    TRUST_PROXY: bool.default(false),
    SEED_DEMO: bool.optional(),
    /** Flood limits per client IP and per target email, counted in the database across processes (window below). */
    REGISTER_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    REGISTER_CAPTCHA_AFTER: z.coerce.number().int().min(1).max(100_000).default(5),
    REGISTER_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(5),
    FORGOT_PASSWORD_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
    FORGOT_PASSWORD_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(5),
    RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().min(1).max(24 * 60).default(60),
    CAPTCHA_PROVIDER: z.enum(['sandbox', 'recaptcha', 'off']).default('sandbox'),
    RECAPTCHA_SECRET_V2: z.string().optional(),
    RECAPTCHA_SECRET_V3: z.string().optional(),
    RECAPTCHA_SITE_KEY_V2: z.string().optional(),
    RECAPTCHA_SITE_KEY_V3: z.string().optional(),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_SCOPE: z.string().min(6).default('openid email profile'),
    WEB_DIST_DIR: z.string().optional(),
    /** Media on S3-compatible object storage (AWS S3, MinIO, R2…) instead of DATA_DIR/media: bucket and region together. */
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)').optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-west-3').optional(),
    /** Another provider than AWS (MinIO, R2, a local test server); AWS's own endpoint when unset. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** Both or neither: without them the SDK's own chain answers (instance role, AWS_* variables, ~/.aws). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** bucket in the path (https://host/bucket/key) rather than the host name: MinIO and most self-hosted servers. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /** Keys are stored under this folder of the bucket, so one bucket can hold several deployments. */
    S3_PREFIX: z.string().regex(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/, 'must be a folder name such as amora/prod (lower case, no leading or trailing slash)').optional(),
    LOG_REQUESTS: bool.default(false),
    PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** How long the sandbox card processor takes to confirm a charge (its webhook fires after this). */
    PAYMENT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
    APPLE_PAY_MERCHANT_ID: z.string().min(1).default('merchant.local.amora.sandbox'),
    AGE_VERIFICATION_PROVIDER: z.enum(['sandbox']).default('sandbox'),
    /** Lets a production server start on sandbox providers (a staging copy): the sandbox processor takes any valid card. */
    ALLOW_SANDBOX_PROVIDERS: bool.default(false),
    /** A conversation the profile wrote last enters the follow-up stock after the member is silent this long. */
    FOLLOW_UP_AFTER_HOURS: z.coerce.number().min(0.01).max(24 * 90).default(48),
    /** A meet-up enters the meet-up stock this long after its meetDate (the agent asks how it went). */
    MEET_UP_FOLLOW_UP_HOURS: z.coerce.number().min(0).max(24 * 30).default(2),
    /** An agent's session ends this long after its last socket closed, unless a socket came back (tab hand-over). */
    AGENT_DISCONNECT_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    /** Share of members a willing fictive profile likes back (0 = none, 1 = every like matches). */
    LIKE_BACK_RATE: z.coerce.number().min(0).max(1).default(0.3),
    /** New-message mails: a burst of replies is over after this much quiet; then at most one mail per gap. */
    MESSAGE_MAIL_QUIET_SECONDS: z.coerce.number().min(0).max(3600).default(120),
    MESSAGE_MAIL_GAP_MINUTES: z.coerce.number().min(0).max(24 * 60).default(30),
    /** Web Push keys (base64url); when unset a pair is generated once per data directory (providers/push/vapid.ts). */
    VAPID_PUBLIC_KEY: z.string().min(80).optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).optional(),
    /** The contact push services see for this sender (RFC 8292): a mailto: or https: URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
      .default('mailto:no-reply@amora.local'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required in production' });
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({ code: 'custom', path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'is required with the other VAPID key' });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
    }
    if (env.OIDC_ISSUER && env.NODE_ENV === 'production' && !/^https:\/\//.test(env.OIDC_ISSUER)) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'must be an https:// URL in production' });
    }
    if (env.CAPTCHA_PROVIDER === 'recaptcha' && !env.RECAPTCHA_SECRET_V2) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET_V2'], message: 'is required when CAPTCHA_PROVIDER=recaptcha' });
    }
    // Half an object-storage configuration must not quietly fall back to the local disk: files would land where
    // the other processes cannot read them.
    if (env.S3_BUCKET && !env.S3_REGION) ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'is required when S3_BUCKET is set' });
    const s3Rest = { S3_REGION: env.S3_REGION, S3_ENDPOINT: env.S3_ENDPOINT, S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE, S3_PREFIX: env.S3_PREFIX };
    for (const [name, value] of Object.entries(s3Rest)) {
      if (value !== undefined && !env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set` });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${missing === 'S3_SECRET_ACCESS_KEY' ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is set` });
    }
    if (env.NODE_ENV === 'production' && !env.ALLOW_SANDBOX_PROVIDERS) {
      // A sandbox in production sells credits for any Luhn-valid number and passes every captcha and age check.
      const sandboxes = { PAYMENT_PROVIDER: env.PAYMENT_PROVIDER, CAPTCHA_PROVIDER: env.CAPTCHA_PROVIDER, AGE_VERIFICATION_PROVIDER: env.AGE_VERIFICATION_PROVIDER };
      for (const [name, provider] of Object.entries(sandboxes)) {
        if (provider === 'sandbox') {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is the sandbox in production: configure a real provider, or set ALLOW_SANDBOX_PROVIDERS=true' });
        }
      }
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/** Sign-ups past `captchaAfter` from one IP within the window must solve a v2 captcha (docs/product.md#errors-and-texts: 412). */
function floodLimits(e: z.infer<typeof schema>) {
  const windowMs = e.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  return {
    registerPerIp: { max: e.REGISTER_LIMIT_PER_IP, windowMs },
    registerCaptchaAfter: { max: e.REGISTER_CAPTCHA_AFTER, windowMs },
    registerPerEmail: { max: e.REGISTER_LIMIT_PER_EMAIL, windowMs },
    forgotPasswordPerIp: { max: e.FORGOT_PASSWORD_LIMIT_PER_IP, windowMs },
    forgotPasswordPerEmail: { max: e.FORGOT_PASSWORD_LIMIT_PER_EMAIL, windowMs },
  };
}

export class ConfigError extends Error {}

/**
 * Reads the environment once. Everything else receives the returned object;
 * nothing else in the server reads process.env.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable means "not set" (shells and CI often export VAR= to clear one).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(ROOT_DIR, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    profileListCacheMs: e.PROFILE_LIST_CACHE_SECONDS * 1000,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** When unset outside production a per-data-dir secret is generated at start (see main.ts). */
    jwtSecret: e.JWT_SECRET,
    tokenTtlMs: e.TOKEN_TTL_MINUTES * 60_000,
    signupCredits: e.SIGNUP_CREDITS,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    floodLimits: floodLimits(e),
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secretV2: e.RECAPTCHA_SECRET_V2,
      secretV3: e.RECAPTCHA_SECRET_V3,
      siteKeyV2: e.RECAPTCHA_SITE_KEY_V2,
      siteKeyV3: e.RECAPTCHA_SITE_KEY_V3,
    },
    oidc: e.OIDC_ISSUER
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID ?? '', clientSecret: e.OIDC_CLIENT_SECRET ?? '', scope: e.OIDC_SCOPE }
      : undefined,
    /** Where media files live: object storage when S3_BUCKET is set, else `${dataDir}/media`. */
    objectStorage: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION!,
          endpoint: e.S3_ENDPOINT,
          credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          prefix: e.S3_PREFIX ?? '',
        }
      : undefined,
    webDistDir: path.resolve(ROOT_DIR, e.WEB_DIST_DIR ?? 'web/dist'),
    logRequests: e.LOG_REQUESTS,
    payments: { provider: e.PAYMENT_PROVIDER, sandboxDelayMs: e.PAYMENT_SANDBOX_DELAY_MS, applePayMerchantId: e.APPLE_PAY_MERCHANT_ID },
    ageVerification: { provider: e.AGE_VERIFICATION_PROVIDER },
    allowSandboxProviders: e.ALLOW_SANDBOX_PROVIDERS,
    matching: { likeBackRate: e.LIKE_BACK_RATE },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      // Push services are https; outside production a local test endpoint (e2e's push sandbox) may be http.
      allowHttpEndpoints: e.NODE_ENV !== 'production',
    },
    messageMails: { quietMs: e.MESSAGE_MAIL_QUIET_SECONDS * 1000, gapMs: e.MESSAGE_MAIL_GAP_MINUTES * 60_000 },
    agents: {
      followUpAfterMs: Math.round(e.FOLLOW_UP_AFTER_HOURS * 3_600_000),
      meetUpFollowUpMs: Math.round(e.MEET_UP_FOLLOW_UP_HOURS * 3_600_000),
      disconnectGraceMs: Math.round(e.AGENT_DISCONNECT_GRACE_SECONDS * 1000),
    },
  };
}

/** The providers this server talks to, printed at every start so a sandbox in production cannot go unnoticed. */
export function describeProviders(config: Config): string {
  const active = [
    `payments: ${config.payments.provider}`,
    `captcha: ${config.captcha.provider}`,
    `age verification: ${config.ageVerification.provider}`,
    `mail: ${config.smtpUrl ? 'smtp' : 'dev mailbox'}`,
    `media: ${config.objectStorage ? `s3 ${config.objectStorage.bucket}${config.objectStorage.endpoint ? ` at ${new URL(config.objectStorage.endpoint).host}` : ''}` : 'local disk'}`,
    `single sign-on: ${config.oidc ? config.oidc.issuer : 'off'}`,
  ].join(', ');
  const sandboxed = config.isProduction && [config.payments.provider, config.captcha.provider, config.ageVerification.provider].includes('sandbox');
  return `[providers] ${active}${sandboxed ? ' (SANDBOXES IN PRODUCTION: ALLOW_SANDBOX_PROVIDERS=true)' : ''}`;
}
