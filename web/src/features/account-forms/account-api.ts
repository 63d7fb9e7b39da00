import type { AuthenticateBody, RegisterBody } from '@sync/contract/auth';
import { call, rpc, via } from '@web/lib/rpc';

/** docs/api.md#endpoints account calls, through the shared client (retry, refresh lock, error hook). */

export function login(body: Pick<AuthenticateBody, 'username' | 'password' | 'cancelDeletion'>) {
  return call(rpc.authenticate.$post({ json: body }, via({ auth: false, loader: true })));
}

export function register(body: RegisterBody) {
  return call(rpc.register.$post({ json: body }, via({ auth: false, loader: true })));
}

export function forgotPassword(email: string) {
  return call(rpc['forgot-password'].$post({ json: { email } }, via({ auth: false, loader: true })));
}

/** With the reset token, or signed in with the current password; answers the session's fresh token. */
export function resetPassword(body: { token: string; password: string } | { password: string; currentPassword: string }) {
  return call(rpc['reset-password'].$post({ json: body }, via({ loader: true })));
}

export interface ResendAnswer {
  status?: string;
  /** When another resend is allowed (ISO date), when the server says. */
  nextResendDate?: string;
  waitSeconds?: number;
  message?: string;
}

export function resendVerificationEmail(newEmail?: string): Promise<ResendAnswer | undefined> {
  return call(rpc['resend-email'].$post({ json: newEmail ? { new_email: newEmail } : {} }, via({ loader: true })));
}
