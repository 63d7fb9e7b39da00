import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { safeRedirectPath } from '@sync/rules/redirect';
import type { AppEnv } from '../../context.js';
import { requestOrigin } from '../../lib/request-origin.js';
import { SsoError } from '../../providers/sso/sso.js';
import { autoLoginToken, findSsoUser, ssoProvider } from './service.js';
import {
  DEFAULT_REDIRECT,
  newFlowId,
  signFlow,
  signState,
  SSO_ACTIONS,
  SSO_FLOW_TTL_MS,
  verifyFlow,
  verifyState,
  type SsoAction,
} from './state.js';

const FLOW_COOKIE = 'sso_flow';
const COOKIE_PATH = '/api/sso';
const OAUTH_CODE = /^[a-z0-9_]{1,64}$/;


const callbackUri = (c: Context<AppEnv>) => `${requestOrigin(c)}/api/sso/callback`;

/** Every outcome is a redirect to the web app: it reads `error` or `token` from the query (docs/product.md#route-flow query flows). */
function home(c: Context<AppEnv>, query: Record<string, string>) {
  deleteCookie(c, FLOW_COOKIE, { path: COOKIE_PATH });
  c.header('Cache-Control', 'no-store');
  return c.redirect(`/?${new URLSearchParams(query).toString()}`, 302);
}

const fail = (c: Context<AppEnv>, code: string) => home(c, { error: OAUTH_CODE.test(code) ? code : 'sso_failed' });

/**
 * Single sign-on (docs/api.md#auth; docs/product.md#errors-and-texts SSO errors):
 *
 *   GET /api/sso/login?action=login|register&redirectUrl=/profiles
 *     302 to the provider's authorization endpoint; `state` is signed and carries action, redirectUrl and
 *     domain; the PKCE verifier and nonce stay in an httpOnly cookie on /api/sso.
 *   GET /api/sso/callback?code&state   (the provider sends the browser here)
 *     302 /?token=<auto-login token>&redirectUrl=<path>   a member with this SSO subject or verified email
 *     302 /?error=not_found                               no such member ("Please register first")
 *     302 /?error=access_denied                           the visitor refused consent
 *     302 /?error=<code>                                  anything else: invalid_state, invalid_request,
 *                                                         sso_unavailable, account_blocked, the provider's code
 */
export const ssoRoutes = new Hono<AppEnv>()
  .get('/sso/login', async (c) => {
    const provider = ssoProvider(c.get('deps'));
    if (!provider) return fail(c, 'sso_unavailable');
    const action = (c.req.query('action') ?? 'login') as SsoAction;
    if (!SSO_ACTIONS.includes(action)) return fail(c, 'invalid_request');
    const redirectUrl = safeRedirectPath(c.req.query('redirectUrl')) ?? DEFAULT_REDIRECT;
    const { config, clock } = c.get('deps');
    const secret = config.jwtSecret!;
    const flowId = newFlowId();
    const now = clock.now();
    const state = await signState(secret, { action, redirectUrl, domain: c.get('brand').domain, flowId }, now);
    let begun;
    try {
      begun = await provider.begin({ redirectUri: callbackUri(c), state });
    } catch (err) {
      return fail(c, err instanceof SsoError ? err.code : 'sso_unavailable');
    }
    setCookie(c, FLOW_COOKIE, await signFlow(secret, { flowId, codeVerifier: begun.codeVerifier, nonce: begun.nonce }, now), {
      path: COOKIE_PATH,
      httpOnly: true,
      // Lax: the provider's redirect back is a top-level GET navigation from another site.
      sameSite: 'Lax',
      secure: requestOrigin(c).startsWith('https:'),
      maxAge: SSO_FLOW_TTL_MS / 1000,
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(begun.url.href, 302);
  })
  .get('/sso/callback', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const error = query.get('error');
    // Consent refused (or any provider error): nothing to verify, nothing to sign in.
    if (error) return fail(c, error === 'access_denied' ? 'access_denied' : error.toLowerCase());
    const { config, clock } = c.get('deps');
    const secret = config.jwtSecret!;
    const now = clock.now();
    const state = await verifyState(secret, query.get('state') ?? undefined, now);
    const flow = await verifyFlow(secret, getCookie(c, FLOW_COOKIE), now);
    if (!state || !flow || state.flowId !== flow.flowId || state.domain !== c.get('brand').domain) return fail(c, 'invalid_state');
    if (!query.get('code')) return fail(c, 'invalid_request');
    const provider = ssoProvider(c.get('deps'));
    if (!provider) return fail(c, 'sso_unavailable');
    let identity;
    try {
      identity = await provider.complete({
        redirectUri: callbackUri(c),
        params: query,
        expectedState: query.get('state')!,
        expectedNonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (err) {
      if (!(err instanceof SsoError)) console.error(`[sso] ${c.get('requestId')} callback failed`, err);
      return fail(c, err instanceof SsoError ? err.code : 'sso_failed');
    }
    const outcome = await findSsoUser(c.get('deps'), identity);
    if (!outcome.ok) return fail(c, outcome.code);
    const token = await autoLoginToken(c.get('deps'), outcome.userId);
    return home(c, { token, redirectUrl: state.redirectUrl });
  });
