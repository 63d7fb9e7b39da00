import { safeRedirectPath } from '@sync/rules/redirect';
import type { TextKey } from '@sync/texts';

/**
 * docs/product.md#route-flow route flow as pure decisions; web/src/app/route-flow.ts carries them out in the root
 * route's beforeLoad (toasts, popups, auto-login, redirects).
 */

/** docs/product.md#roles visitor paths, plus the two sign-in pages (a visitor must reach them to sign in). */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/about',
  '/auto-login',
  '/prices',
  '/about-us',
  '/faq',
  '/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/contact-us',
  '/content-removal',
  '/affiliates',
  '/sign-up',
  '/verify',
  '/block',
  '/sign-in',
  '/agent/sign-in',
]);

export const AUTH_HOME = '/profiles';
export const AGENT_HOME = '/agent';
export const AGENT_SIGN_IN = '/agent/sign-in';

/** The staff console's pages (the agent layout): a logout there leads back to the staff sign-in. */
export function isStaffPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === AGENT_HOME || path.startsWith(`${AGENT_HOME}/`) || path === '/chat';
}
const VERIFY_EXEMPT: ReadonlySet<string> = new Set(['/verify', '/sign-up']);

export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(normalisePath(pathname));
}

export type Notice = { type: 'error' | 'warning' | 'info'; key: TextKey };

/** The query parameters that start a flow, removed from the URL once handled. */
export const FLOW_PARAMS = ['error', 'verification_error', 'token', 'reset-password', 'resetPassword', 'reset_password', 'redirectUrl', 'email_change'] as const;

export type QueryFlow =
  | { kind: 'sso-error'; code: string }
  | { kind: 'verification-error'; code: string; token: string | null }
  | { kind: 'auto-login'; token: string; resetPassword: boolean; redirectUrl?: string }
  /** The undo link of an email change (GET /api/undo-email-change) came back: undone or invalid. */
  | { kind: 'email-change'; code: string };

const flag = (value: unknown) => value === true || value === 'true' || value === '1' || value === '';

/** docs/product.md#route-flow: error → SSO handling; verification_error → verification handling; token → auto-login. */
export function readQueryFlow(search: Record<string, unknown>): QueryFlow | null {
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
  const error = text(search.error);
  if (error) return { kind: 'sso-error', code: error };
  const verification = text(search.verification_error);
  if (verification) return { kind: 'verification-error', code: verification, token: text(search.token) };
  const emailChange = text(search.email_change);
  if (emailChange) return { kind: 'email-change', code: emailChange };
  const token = text(search.token);
  if (token) {
    const resetPassword = ['reset-password', 'resetPassword', 'reset_password'].some((key) => key in search && flag(search[key]));
    // Single sign-on hands back where the member was going; only same-site paths are followed.
    const safe = safeRedirectPath(text(search.redirectUrl));
    return { kind: 'auto-login', token, resetPassword, ...(safe ? { redirectUrl: safe } : {}) };
  }
  return null;
}

export type FlowOutcome =
  | { do: 'redirect'; to: string; notice?: Notice; openSignIn?: boolean; signOut?: boolean }
  | { do: 'auto-login'; token: string; resetPassword: boolean; redirectUrl?: string };

/** docs/product.md#errors-and-texts rows for the SSO and verification errors, and the auto-login hand-off. */
export function resolveQueryFlow(flow: QueryFlow): FlowOutcome {
  switch (flow.kind) {
    case 'sso-error':
      if (flow.code === 'not_found') return { do: 'redirect', to: '/sign-up', notice: { type: 'error', key: 'error.auto-login-not-found' } };
      if (flow.code === 'access_denied') return { do: 'redirect', to: '/', notice: { type: 'error', key: 'error.sso-access-denied' } };
      return { do: 'redirect', to: '/', notice: { type: 'error', key: 'error.generic' } };
    case 'verification-error':
      if (flow.code === 'already_verified') {
        return flow.token
          ? { do: 'auto-login', token: flow.token, resetPassword: false }
          : { do: 'redirect', to: '/', notice: { type: 'error', key: 'error.generic' } };
      }
      if (flow.code === 'expired') return { do: 'redirect', to: '/', openSignIn: true, notice: { type: 'info', key: 'error.verification-expired' } };
      return { do: 'redirect', to: '/', notice: { type: 'error', key: 'error.generic' } };
    case 'email-change':
      // Undone: every session of the account ended on the server, this browser's too.
      if (flow.code === 'undone') return { do: 'redirect', to: '/', signOut: true, openSignIn: true, notice: { type: 'info', key: 'auth.email-change-undone' } };
      return { do: 'redirect', to: '/', notice: { type: 'error', key: 'auth.email-change-undo-invalid' } };
    case 'auto-login':
      return { do: 'auto-login', token: flow.token, resetPassword: flow.resetPassword, ...(flow.redirectUrl ? { redirectUrl: flow.redirectUrl } : {}) };
  }
}

export interface AccessInput {
  pathname: string;
  isAuthenticated: boolean;
  kind: 'user' | 'agent' | null;
  /** Undefined when the member's user record is not known. */
  emailValidated: boolean | undefined;
}

/** docs/product.md#route-flow access rules; null means stay. */
export function resolveAccess(input: AccessInput): string | null {
  const path = normalisePath(input.pathname);
  if (!input.isAuthenticated) return isPublicPath(path) ? null : '/';
  if (input.kind === 'agent') return path === '/' || path === '/sign-in' || path === '/agent/sign-in' ? AGENT_HOME : null;
  if (input.emailValidated === false && !VERIFY_EXEMPT.has(path)) return '/verify';
  // The verify guard (its logic was left open by the product owner): a verified member has nothing to do there.
  if (input.emailValidated === true && path === '/verify') return AUTH_HOME;
  if (path === '/' || path === '/sign-in' || path === '/agent/sign-in') return AUTH_HOME;
  return null;
}
