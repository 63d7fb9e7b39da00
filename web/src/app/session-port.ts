import { authenticate, getAuth, logout } from '@web/lib/auth-state';
import type { AuthView } from '@web/machines/auth-rules';
import { userStore, type User } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import type { PopupKind, PopupPropsByKind } from '@web/ui/popups/popup-kinds';

export interface AutoLoginAnswer {
  accessToken: string;
  /** For a password-reset link: the single-use token POST /reset-password takes (the mailed one is spent). */
  resetToken?: string;
}

/** What the route guards need from the session; the router context carries it so tests can swap it. */
export interface SessionPort {
  getAuth(): Pick<AuthView, 'isAuthenticated' | 'kind' | 'userId'>;
  getUser(): User | null;
  loadUser(id: string): Promise<User>;
  /** True once the token is taken; the session's machine may still be loading when it is called. */
  authenticate(token: string): boolean | Promise<boolean>;
  logout(): void;
  /** GET /api/autologin?token= answers { accessToken } (docs/api.md#endpoints), and a reset link's { resetToken }. */
  exchangeAutoLoginToken(token: string): Promise<AutoLoginAnswer>;
  notify(type: 'error' | 'warning' | 'info' | 'success', message: string): void;
  openPopup<K extends PopupKind>(kind: K, props: PopupPropsByKind[K]): void;
}

export const appSession: SessionPort = {
  getAuth,
  getUser: () => userStore.get().user,
  loadUser: (id) => userStore.load(id),
  authenticate,
  logout,
  async exchangeAutoLoginToken(token) {
    // The typed client loads with the signed-in app, off the landing page's critical path (e2e/web-budget.test.ts).
    const { call, rpc, via } = await import('@web/lib/rpc');
    const answer: Partial<AutoLoginAnswer> = await call(rpc.autologin.$get({ query: { token } }, via({ auth: false })));
    if (!answer?.accessToken) throw new Error('Unknown error');
    return { accessToken: answer.accessToken, ...(answer.resetToken ? { resetToken: answer.resetToken } : {}) };
  },
  notify: (type, message) => void toast.show(type, message),
  openPopup: (kind, props) => void openPopup(kind, props),
};
