import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { ApiError } from '@web/lib/http';
import { decodeToken, isLaterTokenOfSession } from '@web/lib/token';
import type { PersistedAuth } from '@web/lib/auth-storage';
import { cleared, fromToken, isTokenLive, needsRefresh, restoredContext, TOKEN_CHECK_INTERVAL, type AuthContext } from './auth-rules';

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

/**
 * A session that ends by itself (expiry, refresh refused, the server's 401 or logout event) keeps the member's
 * local database — unsent messages, drafts, the mirror — for when they sign in again (docs/decisions/0019);
 * only an explicit LOGOUT deletes it (docs/product.md#authentication).
 */
/** The other tabs are told whose session ended: a tab of another account on the same browser keeps its own. */
const broadcastLogout = { type: 'broadcastLogout', params: ({ context }: { context: AuthContext }) => ({ userId: context.userId }) } as const;

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
    broadcastLogout: (_, _params: { userId: string | null }) => undefined,
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
  context: ({ input }): AuthContext => restoredContext(input.persisted, input.checkEveryMs ?? TOKEN_CHECK_INTERVAL),
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
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', broadcastLogout, keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              { guard: 'needsRefresh', target: 'refreshing' },
            ],
            REFRESH: [
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', broadcastLogout, keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
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
              { guard: 'isForbidden', target: '#auth.unauthenticated', actions: [broadcastLogout, keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
              { guard: 'isExpired', target: '#auth.unauthenticated', actions: ['warnTokenExpired', broadcastLogout, keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'] },
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
            broadcastLogout,
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
          actions: ['warnTokenExpired', broadcastLogout, keepLapsedAccount, 'closeSockets', 'resetStores', 'deauthenticate', 'persist', 'goHome'],
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
