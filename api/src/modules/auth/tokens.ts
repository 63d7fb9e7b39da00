import { SignJWT, errors, jwtVerify } from 'jose';
import type { AppDeps } from '../../context.js';

/** Claims every access token carries (docs/api.md#general); agents add their docs/product.md#data Agent fields. */
export interface AccessClaims {
  _id: string;
  type: 'user' | 'agent';
  sid: string;
  /** The session's token generation when signed (refresh rotation); absent on tokens from before it. */
  gen?: number;
  role?: 'agent' | 'admin';
  [claim: string]: unknown;
}

export interface VerifiedClaims extends AccessClaims {
  exp: number;
}

const ALG = 'HS256';

function key(deps: Pick<AppDeps, 'config'>) {
  const secret = deps.config.jwtSecret;
  if (!secret) throw new Error('jwtSecret is not resolved (buildDeps sets it)');
  return new TextEncoder().encode(secret);
}

/** Signs claims valid until `expiry` (exp in seconds, as JWT has it; the web normalises it to ms). */
export async function signAccessToken(deps: Pick<AppDeps, 'config' | 'clock'>, claims: AccessClaims, expiry: Date): Promise<string> {
  const { _id, type, sid, ...rest } = claims;
  return new SignJWT({ ...rest, _id, type, sid })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuedAt(Math.floor(deps.clock.now().getTime() / 1000))
    .setExpirationTime(Math.floor(expiry.getTime() / 1000))
    .sign(key(deps));
}

export type TokenCheck = { ok: true; claims: VerifiedClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens whose signature this process already checked, with the secret that checked them: the HMAC (WebCrypto,
 * asynchronous) was a visible share of the CPU of every authenticated request. Only the signature is
 * remembered — expiry is compared on every use, and the session behind the token is always read fresh.
 */
const verified = new Map<string, { secret: string; claims: VerifiedClaims }>();
const VERIFIED_MAX = 20_000;

/** Checks signature, algorithm and expiry against the injected clock. */
export async function verifyAccessToken(deps: Pick<AppDeps, 'config' | 'clock'>, token: string): Promise<TokenCheck> {
  if (!token || token.length > 8192) return { ok: false, reason: 'invalid' };
  const now = deps.clock.now();
  const known = verified.get(token);
  if (known && known.secret === deps.config.jwtSecret) {
    // jose's rule: expired when exp <= now in whole seconds.
    return known.claims.exp <= Math.floor(now.getTime() / 1000) ? { ok: false, reason: 'expired' } : { ok: true, claims: known.claims };
  }
  try {
    const { payload } = await jwtVerify(token, key(deps), { algorithms: [ALG], currentDate: now });
    const { _id, type, sid, exp } = payload as Record<string, unknown>;
    if (typeof _id !== 'string' || typeof sid !== 'string' || (type !== 'user' && type !== 'agent') || typeof exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    // Tokens with a not-before are left to jose every time (ours have none).
    if (payload.nbf === undefined) {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, { secret: deps.config.jwtSecret!, claims: payload as VerifiedClaims });
    }
    return { ok: true, claims: payload as VerifiedClaims };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
