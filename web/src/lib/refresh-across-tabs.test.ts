import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { readPersistedAuth, writePersistedAuth } from './auth-storage';
import { createHttpClient } from './http';
import { refreshAcrossTabs } from './refresh-across-tabs';
import { decodeToken } from './token';
import { clearHandoffToken, readHandoffToken, writeHandoffToken } from './token-handoff';

/** Web Locks as a browser has them: one holder per name, the others queued (jsdom has none). */
function installLocks() {
  let chain: Promise<unknown> = Promise.resolve();
  Object.defineProperty(navigator, 'locks', {
    configurable: true,
    value: {
      request: (_name: string, task: () => Promise<unknown>) => {
        const run = chain.then(task);
        chain = run.catch(() => undefined);
        return run;
      },
    },
  });
}

const client = () => createHttpClient({ baseUrl: () => '/api', getToken: () => null });
const store = (token: string) => writePersistedAuth({ isAuthenticated: true, token, expiryDate: decodeToken(token)!.exp, tokenUpdateInterval: 3_000_000 });
/** Counts refreshes and answers each with a later token of the same session, as the rotating API does. */
function rotatingApi() {
  const seen: string[] = [];
  server.use(
    http.patch('*/api/authenticate', ({ request }) => {
      seen.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ access_token: makeToken({ _id: 'u1', gen: seen.length }, 7_200_000 + seen.length * 1000) });
    }),
  );
  return seen;
}

beforeEach(() => installLocks());
afterEach(async () => {
  Reflect.deleteProperty(navigator, 'locks');
  localStorage.clear();
  await clearHandoffToken();
});

describe('refresh across tabs (rotation: a replaced token must never be presented again)', () => {
  it('refreshes once for two tabs holding the same token: the second takes the token the first stored', async () => {
    const seen = rotatingApi();
    const old = makeToken({ _id: 'u1' }, 30 * 60_000);
    store(old);
    const [first, second] = await Promise.all([refreshAcrossTabs(client(), old), refreshAcrossTabs(client(), old)]);
    expect(seen).toEqual([`Bearer ${old}`]);
    expect(second.access_token).toBe(first.access_token);
    expect(readPersistedAuth().token).toBe(first.access_token);
    expect(await readHandoffToken()).toBe(first.access_token);
  });

  it('takes the token handed over in IndexedDB when this tab\'s localStorage has not seen it yet', async () => {
    const seen = rotatingApi();
    const old = makeToken({ _id: 'u1', gen: 0 }, 10 * 60_000);
    const handed = makeToken({ _id: 'u1', gen: 1 }, 7_200_000);
    // The other tab's refresh committed to IndexedDB; its localStorage write has not reached this process.
    store(old);
    await writeHandoffToken(handed);
    await expect(refreshAcrossTabs(client(), old)).resolves.toEqual({ access_token: handed });
    expect(seen).toEqual([]);
  });

  it('refreshes with the handed-over token, never its own replaced one, when that one is due too', async () => {
    const seen = rotatingApi();
    const replaced = makeToken({ _id: 'u1', gen: 0 }, 5 * 60_000);
    const handed = makeToken({ _id: 'u1', gen: 1 }, 10 * 60_000);
    store(replaced);
    await writeHandoffToken(handed);
    const answer = await refreshAcrossTabs(client(), replaced);
    expect(seen).toEqual([`Bearer ${handed}`]);
    expect(await readHandoffToken()).toBe(answer.access_token);
    expect(readPersistedAuth().token).toBe(answer.access_token);
  });

  it('hands the new token to the tab queued on the lock even when localStorage never shows it', async () => {
    const seen = rotatingApi();
    const old = makeToken({ _id: 'u1' }, 10 * 60_000);
    store(old);
    // localStorage reaching other tabs' processes late, at its worst: the refreshing tab's write never arrives.
    const setItem = vi.spyOn(localStorage, 'setItem').mockImplementation(() => undefined);
    try {
      const [first, second] = await Promise.all([refreshAcrossTabs(client(), old), refreshAcrossTabs(client(), old)]);
      expect(seen).toEqual([`Bearer ${old}`]);
      expect(second.access_token).toBe(first.access_token);
      expect(readPersistedAuth().token).toBe(old);
    } finally {
      setItem.mockRestore();
    }
  });

  it('refreshes with the stored token, not its own replaced one, when the stored one is due too', async () => {
    const seen = rotatingApi();
    const replaced = makeToken({ _id: 'u1', gen: 0 }, 10 * 60_000);
    const current = makeToken({ _id: 'u1', gen: 1 }, 20 * 60_000);
    store(current);
    await refreshAcrossTabs(client(), replaced);
    expect(seen).toEqual([`Bearer ${current}`]);
  });

  it('ignores a stored or handed-over token of another session', async () => {
    const seen = rotatingApi();
    const mine = makeToken({ _id: 'u1' }, 10 * 60_000);
    store(makeToken({ _id: 'u1', sid: 'other-session' }, 7_200_000));
    await writeHandoffToken(makeToken({ _id: 'u1', sid: 'third-session' }, 7_200_000));
    await refreshAcrossTabs(client(), mine);
    expect(seen).toEqual([`Bearer ${mine}`]);
  });

  it('without Web Locks, a superseded answer (the same token refreshed at once elsewhere) takes the winner\'s token; otherwise it fails as 403', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    const old = makeToken({ _id: 'u1' }, 10 * 60_000);
    const winner = makeToken({ _id: 'u1', gen: 1 }, 7_200_000);
    server.use(
      http.patch('*/api/authenticate', () => {
        store(winner);
        return HttpResponse.json({ error: { code: 'token-superseded', message: 'gone' } }, { status: 403 });
      }),
    );
    await expect(refreshAcrossTabs(client(), old)).resolves.toEqual({ access_token: winner });
    await expect(refreshAcrossTabs(client(), winner)).rejects.toMatchObject({ status: 403 });
  });

  it('waits a moment for the racing tab\'s token to be handed over', async () => {
    const old = makeToken({ _id: 'u1' }, 10 * 60_000);
    const winner = makeToken({ _id: 'u1', gen: 1 }, 7_200_000);
    store(old);
    server.use(
      http.patch('*/api/authenticate', () => {
        setTimeout(() => void writeHandoffToken(winner), 300);
        return HttpResponse.json({ error: { code: 'token-superseded', message: 'gone' } }, { status: 403 });
      }),
    );
    await expect(refreshAcrossTabs(client(), old)).resolves.toEqual({ access_token: winner });
  });
});
