import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS, VERIFY_AGE_QUERY } from '@sync/contract/payments';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { beginAgeVerification } from '@web/lib/payments-api';
import { pollUntil } from '@web/lib/poll';
import { userStore, useUser, type User } from '@web/lib/user-store';
import { toast } from '@web/ui/toast';

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

function VerifyButton({ label = 'Verify my age' }: { label?: string }) {
  const { user } = useUser();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={busy || !user}
      aria-busy={busy}
      onClick={() => {
        if (!user) return;
        setBusy(true);
        beginAgeVerification(user._id).catch((error: unknown) => {
          setBusy(false);
          toast.error(error instanceof ApiError && error.status < 500 ? error.message : t('error.generic'));
        });
      }}
    >
      {busy ? 'Opening…' : label}
    </button>
  );
}

const STATE_TEXT: Record<AgeState, { label: string; text: string }> = {
  'not-needed': { label: 'Not required', text: 'This site does not ask you to verify your age, but you can do it anyway: some features may ask for it later.' },
  verified: { label: 'Verified', text: 'Your age is verified. Thank you!' },
  declined: { label: 'Not verified', text: 'The verification did not confirm your age. You can try again.' },
  pending: { label: 'In progress', text: 'Your verification is being checked. This page updates when it is done.' },
  unverified: { label: 'Required', text: 'Verify your age to send messages and buy credits or memberships.' },
};

/** Settings: the member's age verification state and the way to start it (docs/product.md#data, docs/product.md#verification). */
export function AgeVerificationPanel({ user }: { user: User }) {
  const state = ageStateOf(user);
  const { label, text } = STATE_TEXT[state];
  return (
    <section className="pay-settings__block" aria-labelledby="pay-age-title">
      <h3 id="pay-age-title">Age verification</h3>
      <p>
        Status: <strong className={`pay-age pay-age--${state}`}>{label}</strong>
      </p>
      <p className="muted">{text}</p>
      {state !== 'verified' && <VerifyButton label={state === 'declined' || state === 'pending' ? 'Verify again' : 'Verify my age'} />}
    </section>
  );
}

/** Checkout: the server refused because the brand demands a verified age (decision 0009). */
export function AgeVerificationNeeded({ message }: { message: string }) {
  return (
    <div className="form-alert form-alert--error pay-alert" role="alert">
      <strong>Age verification needed.</strong> {message}
      <div className="pay-alert__actions">
        <VerifyButton />
      </div>
    </div>
  );
}

/**
 * The return from the provider (`?verify-age=true`, docs/product.md#verification): poll the member every 2 s for up to 25 s
 * until the result is in, store it (the user store holds `ageVerification.result`), say how it went and
 * drop the flag from the address.
 */
export function AgeVerificationReturn() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const flag = search[VERIFY_AGE_QUERY];
  const returning = flag === true || flag === 'true';
  const { user } = useUser();
  const userId = user?._id;

  useEffect(() => {
    if (!returning || !userId) return;
    const controller = new AbortController();
    const toastId = toast.info('Checking your age verification…', { duration: PAYMENT_POLL_TIMEOUT_MS });
    void pollUntil(() => userStore.load(userId), answered, { intervalMs: PAYMENT_POLL_INTERVAL_MS, timeoutMs: PAYMENT_POLL_TIMEOUT_MS, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      toast.dismiss(toastId);
      if (!result) toast.warning('Your age verification is still being checked. We will update your account when it is done.');
      else if (['verified', 'not-needed'].includes(ageStateOf(result))) toast.success('Your age is verified. Thank you!');
      else toast.error('Your age could not be verified. You can try again from your settings.');
      const rest = { ...search };
      delete rest[VERIFY_AGE_QUERY];
      void navigate({ to: '.', search: rest as never, replace: true });
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll per return
  }, [returning, userId]);

  return null;
}
