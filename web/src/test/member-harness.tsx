import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { authBridge } from '@web/lib/api';
import { AUTH_STORAGE_KEY, readPersistedAuth, TOKEN_UPDATE_INTERVAL } from '@web/lib/auth-storage';
import { queryClient } from '@web/lib/query-client';
import { userStore, type User } from '@web/lib/user-store';
import { setCurrentAccount } from '@web/lib/current-account';
import { deleteAccountDb } from '@web/local/db';
import { resetProfileMocks } from '@web/mocks/handlers/profiles';
import { makeToken } from '@web/mocks/tokens';
import { PopupHost } from '@web/ui/popups/popup-host';
import { popups } from '@web/ui/popups/popup-queue';

/**
 * Member screens in component tests: a signed-in member (persisted token the msw handlers read,
 * user state in the store), one router whose root renders the screen at any path, and the popup host.
 */
let signedIn: string | null = null;

export function signInMember(user: Partial<User> & { _id: string }): void {
  signedIn = user._id;
  // As the auth session does: the member's own local database.
  setCurrentAccount(user._id);
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({ isAuthenticated: true, token: makeToken({ _id: user._id }), expiryDate: Date.now() + 3_600_000, tokenUpdateInterval: TOKEN_UPDATE_INTERVAL }),
  );
  // The auth session is not started in component tests: the client reads the stored token directly.
  authBridge.getToken = () => readPersistedAuth().token;
  userStore.set({ username: user._id, likes: 3, credits: 5, isPremium: false, ...user });
}

export function renderMemberScreen(screen: ReactNode, path = '/') {
  // Each screen starts from an empty cache: a read still in flight from the last test must not answer this one.
  queryClient.clear();
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          {screen}
          <PopupHost />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: [path] }),
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
  const result = render(<RouterProvider router={router} />);
  return { ...result, router };
}

/** A clean mirror, fresh mock state and no popups between tests. */
export async function resetMemberState(): Promise<void> {
  popups.clear();
  queryClient.clear();
  userStore.reset();
  resetProfileMocks();
  await deleteAccountDb(signedIn);
  setCurrentAccount(null);
  signedIn = null;
}
