/** Unsigned JWT-shaped tokens for msw: the client only reads the payload (CONTRACT: _id, exp, type, sid). */
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

/** One hour by default, like the API's access token. */
export function makeToken(claims: MockTokenClaims, lifetimeMs = 3_600_000): string {
  const payload = { type: 'user', sid: `s-${claims._id}`, exp: Math.floor((Date.now() + lifetimeMs) / 1000), ...claims };
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
