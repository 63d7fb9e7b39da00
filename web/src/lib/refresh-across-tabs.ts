import { needsRefresh } from '@web/machines/auth-rules';
import { readPersistedAuth, writePersistedAuth } from './auth-storage';
import { ApiError, type HttpClient } from './http';
import { decodeToken, isLaterTokenOfSession } from './token';
import { readHandoffToken, writeHandoffToken } from './token-handoff';

/** One token refresh at a time in the whole browser (Web Locks are per origin, shared by every tab). */
export const REFRESH_LOCK = 'amora-auth-refresh';

/** Runs `task` holding the browser-wide lock `name`; where Web Locks are missing it runs at once. */
export async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(name, task) : task();
}

/**
 * A later token of `token`'s session that another tab's refresh stored: the IndexedDB handoff first (committed
 * before that tab released the lock), then localStorage; the later of the two when both have one.
 */
export async function sharedNewerToken(token: string): Promise<string | null> {
  let newest: string | null = null;
  for (const candidate of [await readHandoffToken(), readPersistedAuth().token]) {
    if (candidate && isLaterTokenOfSession(newest ?? token, candidate)) newest = candidate;
  }
  return newest;
}

/**
 * How long a tab told "superseded" waits for the winner's token. That only happens when two refreshes with the
 * same token were in flight at once (a browser without Web Locks): the winner stores its answer a moment later.
 */
export const SHARED_TOKEN_WAIT_MS = 2_000;

async function sharedNewerTokenSoon(token: string): Promise<string | null> {
  for (const until = Date.now() + SHARED_TOKEN_WAIT_MS; Date.now() < until; ) {
    const shared = await sharedNewerToken(token);
    if (shared) return shared;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sharedNewerToken(token);
}

/**
 * PATCH /authenticate for every tab of the browser at once. The API rotates: the token a refresh replaces
 * never refreshes again, and presenting it again ends the session at once (reuse detection, no grace). So tabs
 * refresh one after the other under a Web Lock, each first taking the token a previous tab handed over, and
 * commit the new one to IndexedDB before letting the next tab in (docs/decisions/0024-refresh-token-rotation.md).
 */
export function refreshAcrossTabs(api: HttpClient, token: string): Promise<{ access_token: string }> {
  // This tab's own requests wait from now on, including while another tab holds the browser-wide lock.
  return api.withRefreshLock(() =>
    withTabLock(REFRESH_LOCK, async () => {
      const shared = await sharedNewerToken(token);
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
        // Another refresh with the same token won a moment ago (no Web Locks to queue them): its token is ours too.
        const raced = error instanceof ApiError && error.code === 'token-superseded' ? await sharedNewerTokenSoon(latest) : null;
        if (raced) return { access_token: raced };
        throw error;
      }
      // Committed before the lock is released: the next tab reads it, whatever localStorage shows that tab yet.
      await writeHandoffToken(answer.access_token);
      const expiryDate = decodeToken(answer.access_token)?.exp ?? null;
      writePersistedAuth({ ...readPersistedAuth(), isAuthenticated: true, token: answer.access_token, expiryDate });
      return answer;
    }),
  );
}
