/** Unsigned JWT-shaped tokens for msw: the client only reads the payload (docs/api.md#auth: _id, exp, type, sid, role). */
import { mockNow } from './clock';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  bytes.forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface MockTokenClaims {
  _id: string;
  type?: 'user' | 'agent';
  /** Seconds since epoch, as a real JWT carries it. */
  exp?: number;
  sid?: string;
  [claim: string]: unknown;
}

/** One hour unless told (the sign-in handlers give the API's default lifetime); exp follows the mock clock. */
export function makeToken(claims: MockTokenClaims, lifetimeMs = 3_600_000): string {
  const payload = { type: 'user', sid: `s-${claims._id}`, exp: Math.floor((mockNow() + lifetimeMs) / 1000), ...claims };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.mock`;
}

export function readMockToken(token: string | null | undefined): MockTokenClaims | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as MockTokenClaims;
  } catch {
    return null;
  }
}

/** Whether the token's exp has passed on the mock clock (jose's rule, as the API: expired when exp <= now). */
export function isMockTokenExpired(claims: MockTokenClaims): boolean {
  return typeof claims.exp === 'number' && claims.exp <= Math.floor(mockNow() / 1000);
}
