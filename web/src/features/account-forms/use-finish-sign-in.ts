import { safeRedirectPath } from '@sync/rules/redirect';
import { t } from '@sync/texts';
import { authenticate } from '@web/lib/auth-state';
import { navigateTo } from '@web/lib/navigation';
import { decodeToken } from '@web/lib/token';
import { userStore } from '@web/lib/user-store';
import { toast } from '@web/ui/toast';

export const MEMBER_HOME = '/profiles';

/** Only same-site paths: a redirect parameter must never send a member to another origin. */
export function safeRedirect(path: unknown, fallback = MEMBER_HOME): string {
  return safeRedirectPath(path) ?? fallback;
}

/**
 * After login or registration: hand the token to the auth machine, load the member (the route
 * guard needs emailValidated to decide about /verify) and go on.
 */
export function useFinishSignIn() {
  return async (accessToken: string, to: string) => {
    if (!(await authenticate(accessToken))) {
      toast.error(t('error.generic'));
      return;
    }
    const payload = decodeToken(accessToken);
    if (payload?._id) await userStore.load(payload._id).catch(() => undefined);
    navigateTo(to);
  };
}
