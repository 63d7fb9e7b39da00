import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { ApiError } from '@web/lib/http';
import { decodeToken, isLaterTokenOfSession } from '@web/lib/token';
import { TOKEN_UPDATE_INTERVAL, emptyAuth, type PersistedAuth } from '@web/lib/auth-storage';

/** How often the authenticated state checks whether the token needs a refresh (docs/product.md#constants leaves it open). */
export const TOKEN_CHECK_INTERVAL = 60_000;

export interface AuthContext extends PersistedAuth {
  userId: string | null;
  tokenType: 'user' | 'agent' | null;
  checkEveryMs: number;
}

export interface AuthInput {
  persisted?: PersistedAuth;
  checkEveryMs?: number;
}

export type AuthEvent =
  | { type: 'AUTHENTICATE'; token: string }
  /** On demand, before a request: refresh if the token is close to expiry. */
  | { type: 'REFRESH' }
  /** From the interval ticker. */
  | { type: 'CHECK' }
  | { type: 'LOGOUT' }
  /** The server says the session is over (401, a logout event): the member must sign in again; nothing local is lost. */
  | { type: 'SESSION_LAPSED' }
  /** Another tab logged out (BroadcastChannel 'auth'). */
  | { type: 'REMOTE_LOGOUT' }
  /** Another tab stored a token (it refreshed): taken when it is a later token of this same session. */
  | { type: 'TOKEN_SHARED'; token: string };

export interface RefreshInput {
  token: string;
}
export interface RefreshOutput {
  access_token: string;
}

const fromToken = (token: string, tokenUpdateInterval: number) => {
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

const cleared = {
  isAuthenticated: false,
  token: null,
  expiryDate: null,
  userId: null,
  tokenType: null,
} as const;

/** docs/product.md#authentication: the token is valid while its expiry is in the future. */
export function isTokenLive(context: Pick<AuthContext, 'token' | 'expiryDate'>, now: number): boolean {
  return !!context.token && context.expiryDate !== null && context.expiryDate > now;
}

/** docs/product.md#authentication: refresh when less than the update interval (50 minutes) remains. */
export function needsRefresh(context: Pick<AuthContext, 'expiryDate' | 'tokenUpdateInterval'>, now: number): boolean {
  return context.expiryDate !== null && context.expiryDate - now < context.tokenUpdateInterval;
}

/**
 * A session that ends by itself (expiry, refresh refused, the server's 401 or logout event) keeps the member's
 * local database — unsent messages, drafts, the mirror — for when they sign in again (docs/decisions/0019);
 * only an explicit LOGOUT deletes it (docs/product.md#authentication).
 */
const keepLapsedAccount = { type: 'keepLapsedAccount', params: ({ context }: { context: AuthContext }) => ({ userId: context.userId }) } as const;

const notImplemented = (name: string) => () => {
  throw new Error(`auth machine: provide the "${name}" actor`);
};

/**
 * Authentication lifecycle (docs/product.md#authentication). Side effects are named here and implemented by the app
 * (web/src/lib/auth-session.ts) or by tests through `.provide()`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    refreshToken: fromPromise<RefreshOutput, RefreshInput>(notImplemented('refreshToken')),
    ticker: fromCallback<AuthEvent, { everyMs: number }>(({ sendBack, input }) => {
      const id = setInterval(() => sendBack({ type: 'CHECK' }), input.everyMs);
      return () => clearInterval(id);
    }),
  },
  actions: {
    setToken: assign(({ context, event }) => {
      if (event.type === 'AUTHENTICATE' || event.type === 'TOKEN_SHARED') return fromToken(event.token, context.tokenUpdateInterval);
      const output = (event as unknown as { output?: RefreshOutput }).output;
      return output?.access_token ? fromToken(output.access_token, context.tokenUpdateInterval) : {};
    }),
    deauthenticate: assign(() => ({ ...cleared })),
    persist: () => undefined,
    revokeSession: (_, _params: { token: string | null }) => undefined,
    broadcastLogout: () => undefined,
    clearLocalData: (_, _params: { userId: string | null }) => undefined,
    keepLapsedAccount: (_, _params: { userId: string | null }) => undefined,
    closeSockets: () => undefined,
    resetStores: () => undefined,
    warnTokenExpired: () => undefined,
    goHome: () => undefined,
    startChecking: raise({ type: 'CHECK' }),
  },
  guards: {
    hasLiveToken: ({ context }) => isTokenLive(context, Date.now()),
    hasStaleToken: ({ context }) => !!context.token,
    isLaterTokenOfThisSession: ({ context, event }) => event.type === 'TOKEN_SHARED' && !!context.token && isLaterTokenOfSession(context.token, event.token),
    tokenIsLive: ({ event }) => {
      if (event.type !== 'AUTHENTICATE') return false;
      const payload = decodeToken(event.token);
      return !!payload && payload.exp > Date.now();
    },
    isExpired: ({ context }) => !isTokenLive(context, Date.now()),
    needsRefresh: ({ context }) => needsRefresh(context, Date.now()),
    isForbidden: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 403;
    },
  },
}).createMachine({
  id: 'auth',
  context: ({ input }): AuthContext => {
    const persisted = input.persisted;
    const base: AuthContext = { ...emptyAuth(), ...cleared, checkEveryMs: input.checkEveryMs ?? TOKEN_CHECK_INTERVAL };
    if (!persisted?.token) return base;
    const restored = fromToken(persisted.token, persisted.tokenUpdateInterval || TOKEN_UPDATE_INTERVAL);
    return { ...base, ...restored, expiryDate: persisted.expiryDate ?? restored.expiryDate };
  },
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'hasLiveToken', target: 'authenticated' },
        // A session that ran out while the app was closed: say so once (and what still waits to be sent), then
        // start signed out, the member's local database kept like any other lapse.
        { guard: 'hasStaleToken', target: 'unauthenticated', actions: ['warnTokenExpired', keepLapsedAccount, 'deauthenticate', 'persist'] },
        { target: 'unauthenticated' },
      ],
    },
    unauthenticated: {
      on: {
        AUTHENTICATE: [
          { guard: 'tokenIsLive', target: 'authenticated', actions: ['setToken', 'persist'] },
          // docs/product.md#validation: a token whose exp is at or before now is rejected with a warning and '/'.
          { actions: ['warnTokenExpired', 'goHome'] },
        ],
      },
    },
    authenticated: {
      entry: 'startChecking',
      invoke: { src: 'ticker', input: ({ context }) => ({ everyMs: context.checkEveryMs }) },
      initial: 'idle',
      states: {
        idle: {
          on: {
            CHECK: [
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', 'broadcastLogout', keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              { guard: 'needsRefresh', target: 'refreshing' },
            ],
            REFRESH: [
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', 'broadcastLogout', keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              { guard: 'needsRefresh', target: 'refreshing' },
            ],
          },
        },
        refreshing: {
          // The refresh lock: while this runs, further CHECK/REFRESH events start nothing new.
          invoke: {
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: { target: 'idle', actions: ['setToken', 'persist'] },
            onError: [
              { guard: 'isForbidden', target: '#auth.unauthenticated', actions: ['broadcastLogout', keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', 'broadcastLogout', keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              // A network failure keeps the session; the next check tries again.
              { target: 'idle' },
            ],
          },
        },
      },
      on: {
        AUTHENTICATE: { guard: 'tokenIsLive', target: 'authenticated', reenter: true, actions: ['setToken', 'persist'] },
        // Already stored by the tab that refreshed; a refresh running here finds it under the lock.
        TOKEN_SHARED: { guard: 'isLaterTokenOfThisSession', actions: ['setToken'] },
        LOGOUT: {
          target: 'unauthenticated',
          actions: [
            { type: 'revokeSession', params: ({ context }) => ({ token: context.token }) },
            'broadcastLogout',
            { type: 'clearLocalData', params: ({ context }) => ({ userId: context.userId }) },
            'closeSockets',
            'resetStores',
            'deauthenticate',
            'persist',
            'goHome',
          ],
        },
        SESSION_LAPSED: {
          target: 'unauthenticated',
          actions: ['warnTokenExpired', 'broadcastLogout', keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'],
        },
        REMOTE_LOGOUT: {
          // The tab that logged out already revoked the session and cleared shared storage.
          target: 'unauthenticated',
          actions: ['closeSockets', 'resetStores', 'deauthenticate', 'goHome'],
        },
      },
    },
  },
});

export type AuthActor = import('xstate').ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = import('xstate').SnapshotFrom<typeof authMachine>;
