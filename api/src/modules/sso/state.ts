import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { safeRedirectPath } from '@sync/rules/redirect';

/** How long a visitor may take at the identity provider before the round trip is refused. */
export const SSO_FLOW_TTL_MS = 10 * 60_000;
export const SSO_ACTIONS = ['login', 'register'] as const;
export type SsoAction = (typeof SSO_ACTIONS)[number];
export const DEFAULT_REDIRECT = '/profiles';

/** What the signed `state` carries through the provider (docs/api.md#endpoints: action, redirectUrl and domain). */
export interface SsoState {
  action: SsoAction;
  redirectUrl: string;
  domain: string;
  /** Binds the state to the browser's flow cookie: a state lifted from someone else's URL is useless. */
  flowId: string;
}

/** What stays in the browser's httpOnly cookie: secrets that must never travel in a URL. */
export interface SsoFlow {
  flowId: string;
  codeVerifier: string;
  nonce: string;
}

// Keys derived per purpose, so no SSO value can ever pass for an access token or the other way round.
const keyFor = (secret: string, purpose: string) => createHash('sha256').update(`${purpose}\0${secret}`).digest();

async function sign(secret: string, purpose: string, claims: Record<string, string>, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(purpose)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SSO_FLOW_TTL_MS / 1000)
    .sign(keyFor(secret, purpose));
}

async function verify(secret: string, purpose: string, token: string | undefined, now: Date): Promise<Record<string, unknown> | undefined> {
  if (!token || token.length > 4096) return undefined;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret, purpose), { audience: purpose, algorithms: ['HS256'], currentDate: now });
    return payload;
  } catch {
    return undefined;
  }
}

export const newFlowId = () => randomBytes(16).toString('base64url');

export function signState(secret: string, state: SsoState, now: Date) {
  return sign(secret, 'sso-state', { ...state }, now);
}

export async function verifyState(secret: string, token: string | undefined, now: Date): Promise<SsoState | undefined> {
  const p = await verify(secret, 'sso-state', token, now);
  if (!p) return undefined;
  const { action, redirectUrl, domain, flowId } = p;
  if (!SSO_ACTIONS.includes(action as SsoAction) || typeof domain !== 'string' || typeof flowId !== 'string') return undefined;
  return { action: action as SsoAction, redirectUrl: safeRedirectPath(redirectUrl) ?? DEFAULT_REDIRECT, domain, flowId };
}

export function signFlow(secret: string, flow: SsoFlow, now: Date) {
  return sign(secret, 'sso-flow', { ...flow }, now);
}

export async function verifyFlow(secret: string, token: string | undefined, now: Date): Promise<SsoFlow | undefined> {
  const p = await verify(secret, 'sso-flow', token, now);
  if (!p || typeof p.flowId !== 'string' || typeof p.codeVerifier !== 'string' || typeof p.nonce !== 'string') return undefined;
  return { flowId: p.flowId, codeVerifier: p.codeVerifier, nonce: p.nonce };
}

