import { SignJWT, errors, jwtVerify } from 'jose';
import type { AppDeps } from '../../context.js';

/** Claims every access token carries (CONTRACT "General"); agents add their SPEC §3 Agent fields. */
export interface AccessClaims {
  _id: string;
  type: 'user' | 'agent';
  sid: string;
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

/** Checks signature, algorithm and expiry against the injected clock. */
export async function verifyAccessToken(deps: Pick<AppDeps, 'config' | 'clock'>, token: string): Promise<TokenCheck> {
  if (!token || token.length > 8192) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, key(deps), { algorithms: [ALG], currentDate: deps.clock.now() });
    const { _id, type, sid, exp } = payload as Record<string, unknown>;
    if (typeof _id !== 'string' || typeof sid !== 'string' || (type !== 'user' && type !== 'agent') || typeof exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: payload as VerifiedClaims };
  } catch (err) {
    return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
