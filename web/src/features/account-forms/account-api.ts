import type { AuthenticateBody, RegisterBody } from '@sync/contract/auth';
import { api } from '@web/lib/api';

/** docs/api.md#endpoints account calls, through the shared client (retry, refresh lock, error hook). */

export function login(body: Pick<AuthenticateBody, 'username' | 'password' | 'cancelDeletion'>) {
  return api.post<{ access_token: string }>('/authenticate', body, { auth: false, loader: true });
}

export function register(body: RegisterBody) {
  return api.post<{ status: 'success'; access_token: string }>('/register', body, { auth: false, loader: true });
}

export function forgotPassword(email: string) {
  return api.post<unknown>('/forgot-password', { email }, { auth: false, loader: true });
}

/** With the reset token, or signed in with the current password; answers the session's fresh token. */
export function resetPassword(body: { token: string; password: string } | { password: string; currentPassword: string }) {
  return api.post<{ status: 'success'; access_token?: string } | undefined>('/reset-password', body, { loader: true });
}

export interface ResendAnswer {
  status?: string;
  /** When another resend is allowed (ISO date), when the server says. */
  nextResendDate?: string;
  waitSeconds?: number;
  message?: string;
}

export function resendVerificationEmail(newEmail?: string) {
  return api.post<ResendAnswer | undefined>('/resend-email', newEmail ? { new_email: newEmail } : {}, { loader: true });
}
