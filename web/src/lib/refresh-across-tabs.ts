import { needsRefresh } from '@web/machines/auth.machine';
import { readPersistedAuth, writePersistedAuth } from './auth-storage';
import { ApiError, type HttpClient } from './http';
import { decodeToken, isLaterTokenOfSession } from './token';

/** One token refresh at a time in the whole browser (Web Locks are per origin, shared by every tab). */
export const REFRESH_LOCK = 'amora-auth-refresh';

/** Runs `task` holding the browser-wide lock `name`; where Web Locks are missing it runs at once (the API's grace covers the race). */
export async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(name, task) : task();
}

/** The stored token when another tab refreshed the same session to a later expiry than `token`. */
export function sharedNewerToken(token: string): string | null {
  const stored = readPersistedAuth().token;
  return stored && isLaterTokenOfSession(token, stored) ? stored : null;
}

/** How long a superseded tab waits for the token the other tab stored, well inside the API's grace (30 s). */
export const SHARED_TOKEN_WAIT_MS = 2_000;

async function sharedNewerTokenSoon(token: string): Promise<string | null> {
  for (const until = Date.now() + SHARED_TOKEN_WAIT_MS; Date.now() < until; ) {
    const shared = sharedNewerToken(token);
    if (shared) return shared;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sharedNewerToken(token);
}

/**
 * PATCH /authenticate for every tab of the browser at once. The API rotates: the token a refresh replaces
 * never refreshes again, and presenting it later ends the session (reuse detection). So tabs refresh one
 * after the other under a Web Lock, each first taking the token a previous tab stored, and store the new one
 * before letting the next tab in (docs/decisions/0024-refresh-token-rotation.md).
 */
export function refreshAcrossTabs(api: HttpClient, token: string): Promise<{ access_token: string }> {
  // This tab's own requests wait from now on, including while another tab holds the browser-wide lock.
  return api.withRefreshLock(() =>
    withTabLock(REFRESH_LOCK, async () => {
      const shared = sharedNewerToken(token);
      const stored = readPersistedAuth();
      if (shared && !needsRefresh({ expiryDate: decodeToken(shared)!.exp, tokenUpdateInterval: stored.tokenUpdateInterval }, Date.now())) {
        return { access_token: shared };
      }
      const latest = shared ?? token;
      let answer: { access_token: string };
      try {
        answer = await api.patch<{ access_token: string }>('/authenticate', undefined, {
          bypassLock: true,
          auth: false,
          headers: { authorization: `Bearer ${latest}` },
        });
      } catch (error) {
        // Replaced a moment ago by another tab: its token is ours too. localStorage reaches other tabs'
        // processes a little later than the lock is released (or the browser has no Web Locks), so it is
        // waited for a moment; the API's grace keeps the session meanwhile.
        const raced = error instanceof ApiError && error.code === 'token-superseded' ? await sharedNewerTokenSoon(latest) : null;
        if (raced) return { access_token: raced };
        throw error;
      }
      const expiryDate = decodeToken(answer.access_token)?.exp ?? null;
      writePersistedAuth({ ...readPersistedAuth(), isAuthenticated: true, token: answer.access_token, expiryDate });
      return answer;
    }),
  );
}
