import { decodeToken } from '@web/lib/token';
import { TOKEN_UPDATE_INTERVAL, emptyAuth, type PersistedAuth } from '@web/lib/auth-storage';

/**
 * The auth session's rules that need no machine: what a token says, when it is live, when it needs a refresh,
 * and what a stored session restores to. auth.machine.ts builds on them; auth-state.ts reads them before the
 * machine (XState) has loaded, so the landing page's first render does without it.
 */

/** How often the authenticated state checks whether the token needs a refresh (docs/product.md#constants leaves it open). */
export const TOKEN_CHECK_INTERVAL = 60_000;

export interface AuthContext extends PersistedAuth {
  userId: string | null;
  tokenType: 'user' | 'agent' | null;
  checkEveryMs: number;
}

/** What the app reads of the session. */
export interface AuthView {
  isAuthenticated: boolean;
  token: string | null;
  expiryDate: number | null;
  userId: string | null;
  kind: 'user' | 'agent' | null;
  refreshing: boolean;
}

export const fromToken = (token: string, tokenUpdateInterval: number) => {
  const payload = decodeToken(token);
  return {
    isAuthenticated: true,
    token,
    expiryDate: payload?.exp ?? 0,
    tokenUpdateInterval,
    userId: payload?._id ?? null,
    tokenType: payload?.type === 'agent' ? ('agent' as const) : ('user' as const),
  };
};

export const cleared = {
  isAuthenticated: false,
  token: null,
  expiryDate: null,
  userId: null,
  tokenType: null,
} as const;

/** The context a stored session starts from (the machine's `restoring` state decides from it). */
export function restoredContext(persisted: PersistedAuth | undefined, checkEveryMs = TOKEN_CHECK_INTERVAL): AuthContext {
  const base: AuthContext = { ...emptyAuth(), ...cleared, checkEveryMs };
  if (!persisted?.token) return base;
  const restored = fromToken(persisted.token, persisted.tokenUpdateInterval || TOKEN_UPDATE_INTERVAL);
  return { ...base, ...restored, expiryDate: persisted.expiryDate ?? restored.expiryDate };
}

/** docs/product.md#authentication: the token is valid while its expiry is in the future. */
export function isTokenLive(context: Pick<AuthContext, 'token' | 'expiryDate'>, now: number): boolean {
  return !!context.token && context.expiryDate !== null && context.expiryDate > now;
}

/** docs/product.md#authentication: refresh when less than the update interval (50 minutes) remains. */
export function needsRefresh(context: Pick<AuthContext, 'expiryDate' | 'tokenUpdateInterval'>, now: number): boolean {
  return context.expiryDate !== null && context.expiryDate - now < context.tokenUpdateInterval;
}

/** The view of a context; `authenticated` is whether the machine is in its authenticated state. */
export function authView(context: AuthContext, authenticated: boolean, refreshing: boolean): AuthView {
  const live = authenticated && isTokenLive(context, Date.now());
  return {
    isAuthenticated: live,
    token: live ? context.token : null,
    expiryDate: context.expiryDate,
    userId: live ? context.userId : null,
    kind: live ? context.tokenType : null,
    refreshing,
  };
}
