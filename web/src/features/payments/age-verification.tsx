import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS, VERIFY_AGE_QUERY } from '@sync/contract/payments';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { ApiError } from '@web/lib/http';
import { beginAgeVerification } from '@web/lib/payments-api';
import { STALE } from '@web/lib/query-client';
import { userStore, useUser, type User } from '@web/lib/user-store';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';

addTexts(enMember);

type AgeState = 'not-needed' | 'verified' | 'declined' | 'pending' | 'unverified';

interface AgeFields {
  ageVerificationApplicable?: boolean;
  ageVerification?: { result: boolean | null; status?: string } | null;
}

export function ageStateOf(user: User | null): AgeState {
  const u = (user ?? {}) as AgeFields;
  const verification = u.ageVerification ?? null;
  if (verification?.result === true) return 'verified';
  if (!u.ageVerificationApplicable) return 'not-needed';
  if (verification?.result === false) return 'declined';
  if (verification?.status === 'pending') return 'pending';
  return 'unverified';
}

/** A verification has an answer once its result is set (or it was cancelled). */
function answered(user: User): boolean {
  const v = (user as AgeFields).ageVerification;
  return !!v && (v.result !== null || v.status === 'cancelled' || v.status === 'declined' || v.status === 'approved');
}

function VerifyButton({ label }: { label?: string }) {
  const { user } = useUser();
  const begin = useMutation({
    mutationFn: beginAgeVerification,
    onError: (error) => toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('error.generic')),
  });
  // Once begun, the browser is on its way to the provider: the button stays busy.
  const busy = begin.isPending || begin.isSuccess;
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={busy || !user}
      aria-busy={busy}
      onClick={() => {
        if (user) begin.mutate(user._id);
      }}
    >
      {busy ? t('member.pay.opening') : (label ?? t('member.pay.verify-age'))}
    </button>
  );
}

const STATE_TEXT: Record<AgeState, { label: TextKey; text: TextKey }> = {
  'not-needed': { label: 'member.pay.age-not-needed-label', text: 'member.pay.age-not-needed-text' },
  verified: { label: 'member.pay.age-verified-label', text: 'member.pay.age-verified-text' },
  declined: { label: 'member.pay.age-declined-label', text: 'member.pay.age-declined-text' },
  pending: { label: 'member.pay.age-pending-label', text: 'member.pay.age-pending-text' },
  unverified: { label: 'member.pay.age-unverified-label', text: 'member.pay.age-unverified-text' },
};

/** Settings: the member's age verification state and the way to start it (docs/product.md#data, docs/product.md#verification). */
export function AgeVerificationPanel({ user }: { user: User }) {
  const state = ageStateOf(user);
  const { label, text } = STATE_TEXT[state];
  return (
    <section className="pay-settings__block" aria-labelledby="pay-age-title">
      <h3 id="pay-age-title">{t('member.pay.age-title')}</h3>
      <p>
        <RichText id="member.pay.age-status" values={{ label: t(label) }} components={{ 0: <strong className={`pay-age pay-age--${state}`} /> }} />
      </p>
      <p className="muted">{t(text)}</p>
      {state !== 'verified' && <VerifyButton label={state === 'declined' || state === 'pending' ? t('member.pay.verify-again') : t('member.pay.verify-age')} />}
    </section>
  );
}

/** Checkout: the server refused because the brand demands a verified age (decision 0009). */
export function AgeVerificationNeeded({ message }: { message: string }) {
  return (
    <div className="form-alert form-alert--error pay-alert" role="alert">
      <strong>{t('member.pay.age-needed')}</strong> {message}
      <div className="pay-alert__actions">
        <VerifyButton />
      </div>
    </div>
  );
}

/**
 * The return from the provider (`?verify-age=true`, docs/product.md#verification): read the member every 2 s
 * (refetchInterval) for up to 25 s until the result is in, store it (userStore.load: the user store holds
 * `ageVerification.result`), say how it went and drop the flag from the address.
 */
export function AgeVerificationReturn() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const flag = search[VERIFY_AGE_QUERY];
  const returning = flag === true || flag === 'true';
  const { user } = useUser();
  const userId = user?._id;
  const polling = returning && !!userId;

  const check = useQuery({
    queryKey: ['payments', 'age-verification-return', userId] as const,
    queryFn: () => userStore.load(userId as string),
    enabled: polling,
    staleTime: STALE.live,
    gcTime: 0,
    // A failed read is not a result: the next tick asks again.
    retry: false,
    refetchInterval: (query) => (query.state.data && answered(query.state.data) ? false : PAYMENT_POLL_INTERVAL_MS),
    refetchIntervalInBackground: true,
  });
  const result = check.data && answered(check.data) ? check.data : null;

  const [timedOut, setTimedOut] = useState(false);
  const checking = useRef<string | number | null>(null);
  useEffect(() => {
    if (!polling) return;
    checking.current = toast.info(t('member.pay.age-checking'), { duration: PAYMENT_POLL_TIMEOUT_MS });
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [polling]);

  const outcome = !polling ? null : result ? 'answered' : timedOut ? 'timed-out' : null;
  useEffect(() => {
    if (!outcome) return;
    if (checking.current !== null) toast.dismiss(checking.current);
    if (!result) toast.warning(t('member.pay.age-still-checking'));
    else if (['verified', 'not-needed'].includes(ageStateOf(result))) toast.success(t('member.pay.age-verified-text'));
    else toast.error(t('member.pay.age-failed'));
    const rest = { ...search };
    delete rest[VERIFY_AGE_QUERY];
    void navigate({ to: '.', search: rest as never, replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one ending per return
  }, [outcome]);

  return null;
}
