import { createActor, fromPromise, waitFor } from 'xstate';
import { t } from '@sync/texts';
import { authView, needsRefresh, type AuthView } from '@web/machines/auth-rules';
import { authMachine, type AuthSnapshot, type RefreshInput, type RefreshOutput } from '@web/machines/auth.machine';
import { toast } from '@web/ui/toast';
import { api, authBridge, onApiError } from './api';
import { openAuthChannel, type AuthChannel } from './auth-channel';
import { AUTH_STORAGE_KEY, readPersistedAuth, writePersistedAuth } from './auth-storage';
import { refreshAcrossTabs } from './refresh-across-tabs';
import { clearHandoffToken } from './token-handoff';
import { getApiBaseUrl } from './runtime-config';
import { navigateTo } from './navigation';
import { AGENT_SIGN_IN, isStaffPath } from './route-flow';
import { closeAllSockets } from './socket-registry';
import { resetAllStores } from './store-reset';
import { setCurrentAccount } from '@web/lib/current-account';
import { userStore } from './user-store';

/**
 * The app's one auth actor (loaded through auth-state.ts, which answers for it until it has loaded), wired to the real world: the shared HTTP client (refresh under the
 * refresh lock, one tab at a time: refresh-across-tabs.ts), localStorage, BroadcastChannel 'auth', the socket and store registries, toasts
 * and the router. Everything the machine does is named in auth.machine.ts.
 */
function createAuthSession(channel: AuthChannel) {
  const machine = authMachine.provide({
    actors: {
      refreshToken: fromPromise<RefreshOutput, RefreshInput>(({ input }) => refreshAcrossTabs(api, input.token)),
    },
    actions: {
      persist: ({ context }) =>
        writePersistedAuth({
          isAuthenticated: context.isAuthenticated,
          token: context.token,
          expiryDate: context.expiryDate,
          tokenUpdateInterval: context.tokenUpdateInterval,
        }),
      revokeSession: (_, params) => {
        if (!params.token) return;
        // POST /api/logout revokes the session server-side; logging out locally must not wait for it.
        void fetch(`${getApiBaseUrl().replace(/\/+$/, '')}/logout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${params.token}` },
          keepalive: true,
        }).catch(() => undefined);
      },
      broadcastLogout: (_, { userId }) => channel.post({ type: 'logout', userId }),
      clearLocalData: (_, { userId }) => {
        try {
          globalThis.localStorage?.clear();
        } catch {
          // nothing stored, nothing to clear
        }
        void clearHandoffToken();
        // Imported here rather than at the top: Dexie is not part of the landing page's code.
        void import('@web/local/db').then((db) => db.deleteAccountDb(userId));
      },
      keepLapsedAccount: (_, { userId }) => {
        if (userId) void import('./lapsed-account').then((m) => m.announceWaitingWrites(userId));
      },
      closeSockets: () => closeAllSockets(),
      resetStores: () => resetAllStores(),
      warnTokenExpired: () => toast.warning(t('error.token-expired')),
      // Staff signed out in the console go back to their own sign-in, not to the member landing page.
      goHome: () => navigateTo(typeof location !== 'undefined' && isStaffPath(location.pathname) ? AGENT_SIGN_IN : '/'),
    },
  });
  return createActor(machine, { input: { persisted: readPersistedAuth() } });
}

const SESSION_GONE_CODES = new Set(['unauthorized', 'token-expired']);

/**
 * Until when a storage clear comes from another account's logout on this browser (docs/product.md#authentication:
 * logout clears the local storage). Its tab tells the others before clearing, but the clear may reach this tab's
 * storage before or after that message: both are answered by storing this tab's session again.
 */
let reclaimStorageUntil = 0;
const RECLAIM_WINDOW_MS = 5_000;

/** Writes this tab's live session (and its member) back to the browser's storage. */
function persistOwnSession(): void {
  const snapshot = actor?.getSnapshot();
  if (!snapshot?.matches('authenticated')) return;
  const { isAuthenticated, token, expiryDate, tokenUpdateInterval } = snapshot.context;
  writePersistedAuth({ isAuthenticated, token, expiryDate, tokenUpdateInterval });
  const { user } = userStore.get();
  if (user) userStore.set(user);
}

function keepOwnSessionStored(): void {
  reclaimStorageUntil = Date.now() + RECLAIM_WINDOW_MS;
  persistOwnSession();
}

let channel: AuthChannel | null = null;
let actor: ReturnType<typeof createAuthSession> | null = null;

function session() {
  if (!actor) {
    channel = openAuthChannel();
    actor = createAuthSession(channel);
    channel.subscribe((message) => {
      if (message.type !== 'logout') return;
      const own = actor?.getSnapshot().context.userId;
      if (message.userId && own && message.userId !== own) return keepOwnSessionStored();
      actor?.send({ type: 'REMOTE_LOGOUT' });
    });
    globalThis.addEventListener?.('storage', (event: StorageEvent) => {
      // Another account's logout on this browser cleared the storage after telling us: this session stays stored.
      if (event.key === null && Date.now() < reclaimStorageUntil) return persistOwnSession();
      // Another tab refreshed: this one sends the new token too (its own refresh would find it under the lock anyway).
      const token = event.key === AUTH_STORAGE_KEY ? readPersistedAuth().token : null;
      if (token) actor?.send({ type: 'TOKEN_SHARED', token });
    });
    // A session ended on the server (logout elsewhere, password change, take-over) answers 401 with these
    // codes on any call: the member is signed out here too instead of meeting errors on every screen.
    onApiError((error) => {
      if (error.status !== 401 || !SESSION_GONE_CODES.has(error.code ?? '')) return;
      if (!actor?.getSnapshot().matches('authenticated')) return;
      actor.send({ type: 'SESSION_LAPSED' });
    });
    // The signed-in member's own local database is the one every screen and the sync engine read.
    actor.subscribe((snapshot) => {
      const { userId, tokenType } = snapshot.context;
      setCurrentAccount(snapshot.matches('authenticated') && tokenType === 'user' ? userId : null);
    });
    actor.start();
    const { userId, tokenType } = actor.getSnapshot().context;
    setCurrentAccount(actor.getSnapshot().matches('authenticated') && tokenType === 'user' ? userId : null);
  }
  return actor;
}

authBridge.getToken = () => (actor ? actor.getSnapshot().context.token : readPersistedAuth().token);
authBridge.ensureFreshToken = () => ensureFreshToken();

/** Start the session (main.tsx calls it before the router's first load). */
export function startAuthSession() {
  return session();
}

/** Stop and forget the session; tests use it to start from clean storage. */
export function stopAuthSession(): void {
  actor?.stop();
  channel?.close();
  actor = null;
  channel = null;
}

function view(snapshot: AuthSnapshot): AuthView {
  return authView(snapshot.context, snapshot.matches('authenticated'), snapshot.matches({ authenticated: 'refreshing' }));
}

export function getAuth(): AuthView {
  return view(session().getSnapshot());
}

/** Calls `listener` with the auth state on every change (login, refresh, lapse, logout); answers the unsubscribe. */
export function subscribeAuth(listener: (auth: AuthView) => void): () => void {
  const subscription = session().subscribe((snapshot) => listener(view(snapshot)));
  return () => subscription.unsubscribe();
}

/** Log in with an access token from login, registration or auto-login. False when it was rejected. */
export function authenticate(token: string): boolean {
  const current = session();
  current.send({ type: 'AUTHENTICATE', token });
  return current.getSnapshot().matches('authenticated');
}

/** Revoke, broadcast, clear local data, close sockets, reset stores, go to '/' (docs/product.md#authentication). */
export function logout(): void {
  const current = session();
  if (current.getSnapshot().matches('authenticated')) current.send({ type: 'LOGOUT' });
  else navigateTo('/');
}

/** The server ended the session (its logout event, a closed socket): sign in again; local data stays. */
export function endLapsedSession(): void {
  const current = session();
  if (current.getSnapshot().matches('authenticated')) current.send({ type: 'SESSION_LAPSED' });
}

/** Before a request: refresh first when the token is close to expiry, and wait for a running refresh. */
export async function ensureFreshToken(): Promise<void> {
  const current = session();
  const snapshot = current.getSnapshot();
  if (!snapshot.matches('authenticated')) return;
  if (snapshot.matches({ authenticated: 'idle' }) && needsRefresh(snapshot.context, Date.now())) {
    current.send({ type: 'REFRESH' });
  }
  await waitFor(current, (s) => !s.matches({ authenticated: 'refreshing' }));
}
