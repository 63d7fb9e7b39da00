import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { makeToken } from '@web/mocks/tokens';
import { stopAuthSession } from './auth-session';
import { authenticate, getAuth, hasStoredSession, useAuth } from './auth-state';
import { AUTH_STORAGE_KEY, writePersistedAuth } from './auth-storage';

afterEach(() => {
  stopAuthSession();
  localStorage.clear();
});

function Who() {
  const { isAuthenticated, userId } = useAuth();
  return <p>{isAuthenticated ? `member ${userId}` : 'visitor'}</p>;
}

describe('auth state (the session before and after its machine has loaded)', () => {
  it('reads a stored live session as signed in, and nothing stored as a visitor', () => {
    expect(hasStoredSession()).toBe(false);
    expect(getAuth()).toMatchObject({ isAuthenticated: false, userId: null, kind: null });
    const token = makeToken({ _id: 'u-stored' });
    writePersistedAuth({ isAuthenticated: true, token, expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: 3_000_000 });
    expect(hasStoredSession()).toBe(true);
    expect(getAuth()).toMatchObject({ isAuthenticated: true, userId: 'u-stored', kind: 'user', token });
  });

  it('reads a stored session that ran out as signed out (the machine warns and clears it when it starts)', () => {
    writePersistedAuth({ isAuthenticated: true, token: makeToken({ _id: 'u-old' }, -60_000), expiryDate: Date.now() - 60_000, tokenUpdateInterval: 3_000_000 });
    expect(hasStoredSession()).toBe(true);
    expect(getAuth().isAuthenticated).toBe(false);
  });

  it('loads the machine to sign in, and re-renders the components that read the session', async () => {
    render(<Who />);
    expect(screen.getByText('visitor')).toBeTruthy();
    let taken = false;
    await act(async () => {
      taken = await authenticate(makeToken({ _id: 'u-new' }));
    });
    expect(taken).toBe(true);
    expect(await screen.findByText('member u-new')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toMatchObject({ isAuthenticated: true });
  });
});
