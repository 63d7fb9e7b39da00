import { useSyncExternalStore } from 'react';
import { authView, restoredContext, type AuthView } from '@web/machines/auth-rules';
import { readPersistedAuth } from './auth-storage';
import { yieldToMain } from './yield-to-main';

/**
 * The auth session as the first render sees it. The session's machine (XState) and its wiring
 * (auth-session.ts) are a chunk of their own: main.tsx loads it before the first render when a session is
 * stored, and after first paint for a visitor, so the landing and sign-in pages paint without it. Until it
 * has loaded, the view is the stored session's (the machine's `restoring` state starts from the same).
 */
type AuthSession = typeof import('./auth-session');

let session: AuthSession | null = null;
let loading: Promise<AuthSession> | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Loads and starts the session once; later calls answer the same module. Evaluating XState's modules and starting
 * the machine get a task each: together they were one of 75 ms on Lighthouse's phone, on a signed-in start's path.
 */
export function loadAuthSession(): Promise<AuthSession> {
  loading ??= import('./auth-session').then(async (module) => {
    await yieldToMain();
    module.startAuthSession();
    session = module;
    module.subscribeAuth(changed);
    changed();
    return module;
  });
  return loading;
}

/** Whether this device holds a session (live or run out) that the first render must judge with the machine. */
export function hasStoredSession(): boolean {
  return readPersistedAuth().token !== null;
}

export function getAuth(): AuthView {
  if (session) return session.getAuth();
  const context = restoredContext(readPersistedAuth());
  return authView(context, context.isAuthenticated, false);
}

/** Calls `listener` with the auth state on every change once the session has loaded; answers the unsubscribe. */
export function subscribeAuth(listener: (auth: AuthView) => void): () => void {
  const notify = () => listener(getAuth());
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** Log in with an access token from login, registration or auto-login. False when it was rejected. */
export async function authenticate(token: string): Promise<boolean> {
  return (await loadAuthSession()).authenticate(token);
}

/** Revoke, broadcast, clear local data, close sockets, reset stores, go to '/' (docs/product.md#authentication). */
export function logout(): void {
  void loadAuthSession().then((module) => module.logout());
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
// useSyncExternalStore wants the same object while nothing changed; getAuth() builds a new one each call.
let last: AuthView | null = null;
const snapshot = () => {
  const next = getAuth();
  const same = last && (Object.keys(next) as (keyof AuthView)[]).every((key) => next[key] === last![key]);
  if (!same) last = next;
  return last!;
};

/** The auth state for components; re-renders on login, refresh and logout. */
export function useAuth(): AuthView & { logout: typeof logout } {
  return { ...useSyncExternalStore(subscribe, snapshot), logout };
}
