import { normaliseExp } from '@sync/rules/token-exp';

/**
 * Reading the access token's payload on the client. The client never verifies the signature
 * (the server does); it only needs `_id`, `type` and `exp` to route and to plan the refresh.
 */
export interface TokenPayload {
  _id: string;
  exp: number;
  type?: 'user' | 'agent';
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const padded = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload with `exp` in ms, or null when the token is not a readable JWT. */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(part)) as Partial<TokenPayload>;
    if (typeof payload !== 'object' || payload === null || typeof payload.exp !== 'number') return null;
    return { ...payload, _id: String(payload._id ?? ''), exp: normaliseExp(payload.exp) } as TokenPayload;
  } catch {
    return null;
  }
}

/** The staff role an agent token carries (`role` claim); null for members and unreadable tokens. */
export function tokenRole(token: string | null | undefined): 'agent' | 'admin' | null {
  const role = token ? decodeToken(token)?.role : undefined;
  return role === 'admin' || role === 'agent' ? role : null;
}

const generationOf = (payload: TokenPayload) => (typeof payload.gen === 'number' ? payload.gen : 0);

/**
 * True when `candidate` is a later token (a refresh) of the session `current` belongs to: a higher `gen` (the
 * API's rotation counter; two tokens signed within one second share their `exp`), else a later expiry.
 */
export function isLaterTokenOfSession(current: string, candidate: string): boolean {
  const mine = decodeToken(current);
  const theirs = decodeToken(candidate);
  if (!mine || !theirs || candidate === current || theirs.sid !== mine.sid || theirs._id !== mine._id) return false;
  const [was, is] = [generationOf(mine), generationOf(theirs)];
  return is > was || (is === was && theirs.exp > mine.exp);
}
