import { redirect } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { decodeToken } from '@web/lib/token';
import { FLOW_PARAMS, readQueryFlow, resolveAccess, resolveQueryFlow, type Notice } from '@web/lib/route-flow';
import type { AutoLoginAnswer, SessionPort } from './session-port';

interface FlowLocation {
  pathname: string;
  search: Record<string, unknown>;
  /** False when no route matched (the 404 page shows instead of the access rules). */
  matched?: boolean;
}

function withoutFlowParams(search: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...search };
  for (const key of FLOW_PARAMS) delete rest[key];
  return rest;
}

function say(session: SessionPort, notice: Notice | undefined): void {
  if (notice) session.notify(notice.type, t(notice.key));
}

/**
 * Auto-login (docs/product.md#authentication, docs/product.md#validation, docs/product.md#errors-and-texts): exchange the token, reject an expired one, load the member. A mailed reset
 * link's token is spent by the exchange, which hands back the reset token the reset form sends.
 */
async function autoLogin(session: SessionPort, token: string): Promise<{ resetToken?: string } | null> {
  let exchanged: AutoLoginAnswer;
  try {
    exchanged = await session.exchangeAutoLoginToken(token);
  } catch {
    session.notify('warning', t('error.auto-login-failed'));
    if (session.getAuth().isAuthenticated) session.logout();
    return null;
  }
  const { accessToken } = exchanged;
  const payload = decodeToken(accessToken);
  if (!payload || payload.exp <= Date.now()) {
    session.notify('warning', t('error.token-expired'));
    return null;
  }
  if (!(await session.authenticate(accessToken))) return null;
  if (payload.type !== 'agent') await session.loadUser(payload._id).catch(() => undefined);
  return exchanged.resetToken ? { resetToken: exchanged.resetToken } : {};
}

/**
 * The root route's beforeLoad: docs/product.md#route-flow route flow in one place. Throws the redirect to follow,
 * or returns to let the route load.
 */
export async function runRouteFlow(location: FlowLocation, session: SessionPort): Promise<void> {
  const flow = readQueryFlow(location.search);
  if (flow) {
    const outcome = resolveQueryFlow(flow);
    if (outcome.do === 'redirect') {
      if (outcome.signOut && session.getAuth().isAuthenticated) session.logout();
      say(session, outcome.notice);
      if (outcome.openSignIn) session.openPopup('sign-in', {});
      throw redirect({ to: outcome.to, replace: true });
    }
    const signedIn = await autoLogin(session, outcome.token);
    if (!signedIn) throw redirect({ to: '/', replace: true });
    if (outcome.resetPassword) session.openPopup('password-reset', signedIn.resetToken ? { token: signedIn.resetToken } : {});
    if (outcome.do === 'auto-login' && outcome.redirectUrl) throw redirect({ href: outcome.redirectUrl, replace: true });
    // Same page without the spent token; the next pass applies the access rules.
    throw redirect({ to: location.pathname, search: withoutFlowParams(location.search), replace: true });
  }

  if (location.matched === false) return;
  const auth = session.getAuth();
  let emailValidated: boolean | undefined;
  if (auth.isAuthenticated && auth.kind === 'user' && auth.userId) {
    let user = session.getUser();
    if (!user || user._id !== auth.userId) user = await session.loadUser(auth.userId).catch(() => null);
    emailValidated = user ? user.emailValidated === true : undefined;
  }
  const to = resolveAccess({ pathname: location.pathname, isAuthenticated: auth.isAuthenticated, kind: auth.kind, emailValidated });
  if (to) {
    // A visitor's deep link (a chat from a new-message mail): the sign-in popup opens with the path to come back
    // to (docs/product.md#screens-and-routes sign-in popup with redirect path).
    if (!auth.isAuthenticated && to === '/') session.openPopup('sign-in', { redirect: location.pathname });
    // The age-verification provider returns to the site root with verify-age=true (docs/product.md#screens-and-routes, docs/product.md#verification): the flag
    // travels on to the member's home, where the authenticated layout polls the result.
    const carried = location.search['verify-age'] !== undefined ? { search: { 'verify-age': location.search['verify-age'] } } : {};
    throw redirect({ to, replace: true, ...carried } as Parameters<typeof redirect>[0]);
  }
}
