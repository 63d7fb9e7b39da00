import { api } from '@web/lib/api';
import { authenticate, getAuth, logout, type AuthView } from '@web/lib/auth-session';
import { userStore, type User } from '@web/lib/user-store';
import { openPopup } from '@web/ui/popups/popup-queue';
import { toast } from '@web/ui/toast';
import type { PopupKind, PopupPropsByKind } from '@web/ui/popups/popup-kinds';

/** What the route guards need from the session; the router context carries it so tests can swap it. */
export interface SessionPort {
  getAuth(): Pick<AuthView, 'isAuthenticated' | 'kind' | 'userId'>;
  getUser(): User | null;
  loadUser(id: string): Promise<User>;
  authenticate(token: string): boolean;
  logout(): void;
  /** GET /api/autologin?token= answers { accessToken } (SPEC §7). */
  exchangeAutoLoginToken(token: string): Promise<string>;
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
    const answer = await api.get<{ accessToken?: string }>('/autologin', { query: { token }, auth: false });
    if (!answer?.accessToken) throw new Error('Unknown error');
    return answer.accessToken;
  },
  notify: (type, message) => void toast.show(type, message),
  openPopup: (kind, props) => void openPopup(kind, props),
};
