import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { resendEmailBody, type ResendEmailBody } from '@sync/contract/auth';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { useAuth } from '@web/lib/auth-state';
import { ApiError } from '@web/lib/http';
import { navigateTo } from '@web/lib/navigation';
import { useUser, userStore } from '@web/lib/user-store';
import { contractResolver, messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';
import { resendVerificationEmail } from './account-api';
import { formatWait, secondsUntil, waitSecondsOf } from './format-wait';
import { MEMBER_HOME } from './use-finish-sign-in';
import './account-forms.css';

addTexts(enAccount);

/** A countdown in whole seconds, ticking once a second; start(seconds) begins a new wait. */
function useCountdown(): [number, (seconds: number) => void] {
  const [wait, setWait] = useState<{ until: number; now: number } | null>(null);
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => setWait((w) => (w ? { ...w, now: Date.now() } : w)), 1000);
    return () => clearInterval(timer);
  }, [wait?.until]); // eslint-disable-line react-hooks/exhaustive-deps -- one interval per wait, not per tick
  const left = wait ? Math.max(0, Math.ceil((wait.until - wait.now) / 1000)) : 0;
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setWait({ until: now + seconds * 1000, now });
  }, []);
  return [left, start];
}

function VerificationProblem({ code }: { code: string }) {
  if (code === 'expired') {
    return (
      <div className="form-alert form-alert--info" role="status">
        <p>
          {t('error.verification-expired')} {t('account.verify-fresh-link')}
        </p>
      </div>
    );
  }
  if (code === 'already_verified') {
    return (
      <div className="form-alert form-alert--success" role="status">
        <p>{t('verify.already-verified')}</p>
      </div>
    );
  }
  return (
    <div className="form-alert form-alert--error" role="alert">
      <p>{t('error.generic')}</p>
    </div>
  );
}

/** /verify: a signed-in member whose email is not yet confirmed (docs/product.md#screens-and-routes, docs/product.md#verification). */
export function VerifyPage() {
  const search = useSearch({ strict: false }) as { verification_error?: unknown };
  const { user } = useUser();
  const { userId, logout } = useAuth();
  const [secondsLeft, startCountdown] = useCountdown();
  const [changing, setChanging] = useState(false);
  const problem = typeof search.verification_error === 'string' ? search.verification_error : null;
  const email = user?.email;

  function startWait(seconds: number | null | undefined) {
    if (seconds && seconds > 0) startCountdown(seconds);
  }

  // The sign-up (or a resend on another visit) already sent an email: the wait shows before any click.
  const nextResend = typeof user?.nextVerificationEmailDate === 'string' ? user.nextVerificationEmailDate : undefined;
  useEffect(() => {
    const seconds = secondsUntil(nextResend);
    if (seconds && seconds > 0) startCountdown(seconds);
  }, [nextResend, startCountdown]);

  const resend = useMutation({
    mutationFn: (targetEmail: string | undefined) => resendVerificationEmail(targetEmail),
    onSuccess: (answer) => startWait(answer?.waitSeconds ?? secondsUntil(answer?.nextResendDate)),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 429) {
        startWait(waitSecondsOf(error.body));
        toast.warning(error.message || t('verify.resend-wait', { minutes: formatWait(waitSecondsOf(error.body) ?? 0) }));
      } else {
        toast.error(error instanceof ApiError && error.status < 500 && error.message ? error.message : t('error.generic'));
      }
    },
  });
  const sending = resend.isPending;

  const onResend = () => resend.mutate(undefined, { onSuccess: () => toast.success(t('verify.resend-success')) });

  async function changeEmail(target: string): Promise<boolean> {
    try {
      await resend.mutateAsync(target);
    } catch {
      return false; // said by the mutation's onError
    }
    userStore.update({ email: target });
    toast.success(t('verify.email-changed', { email: target }));
    setChanging(false);
    return true;
  }

  // "I've confirmed": the member read anew (into the user store) says whether the link was opened.
  const confirmed = useMutation({
    mutationFn: (id: string) => userStore.load(id),
    onSuccess: (fresh) => {
      if (fresh.emailValidated) navigateTo(MEMBER_HOME);
      else toast.info(t('account.verify-not-yet'));
    },
    onError: () => toast.error(t('error.generic')),
  });
  const checking = confirmed.isPending;
  const onConfirmed = () => {
    if (userId) confirmed.mutate(userId);
  };

  return (
    <section className="account-card verify-page" aria-labelledby="verify-title">
      <div className="account-card__head">
        <span className="account-card__icon" aria-hidden="true">
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3 7 9 6 9-6" />
          </svg>
        </span>
        <h1 id="verify-title" className="account-card__title">
          {t('account.verify-title')}
        </h1>
        <p className="account-card__sub">
          {email ? <RichText id="account.verify-sent-to" values={{ email }} components={{ 0: <span className="verify-page__email" /> }} /> : t('account.verify-sent')}
        </p>
      </div>

      {problem && <VerificationProblem code={problem} />}

      <ol className="verify-page__steps">
        <li>{t('account.verify-step-open')}</li>
        <li>{t('account.verify-step-click')}</li>
        <li>{t('account.verify-step-chat')}</li>
      </ol>

      <div className="verify-page__actions">
        <button type="button" className="button button--primary" onClick={onConfirmed} disabled={checking || !userId}>
          {checking ? t('account.verify-checking') : t('account.verify-confirmed')}
        </button>
        <button type="button" className="button button--ghost" onClick={onResend} disabled={sending || secondsLeft > 0} aria-describedby={secondsLeft > 0 ? 'verify-timer' : undefined}>
          {sending ? t('account.sending') : t('account.verify-resend')}
        </button>
        {secondsLeft > 0 && (
          <p id="verify-timer" className="verify-page__timer" role="timer" aria-live="off">
            <RichText id="account.verify-resend-in" values={{ wait: formatWait(secondsLeft) }} components={{ 0: <time dateTime={`PT${secondsLeft}S`} /> }} />
          </p>
        )}
        <p className="verify-page__timer">{t('account.verify-spam')}</p>
      </div>

      <div className="verify-page__change">
        {changing ? (
          <ChangeEmailForm busy={sending} onChange={changeEmail} onCancel={() => setChanging(false)} />
        ) : (
          <p className="verify-page__timer">
            {t('account.verify-typo')}{' '}
            <button type="button" className="text-link" onClick={() => setChanging(true)}>
              {t('account.change-email')}
            </button>{' '}
            ·{' '}
            <button type="button" className="text-link" onClick={() => logout()}>
              {t('nav.logout')}
            </button>
          </p>
        )}
      </div>
    </section>
  );
}

/** The verify page's "change email" form: the resend's contract takes the address as optional, this form asks for it. */
function ChangeEmailForm({ busy, onChange, onCancel }: { busy: boolean; onChange: (email: string) => Promise<boolean>; onCancel: () => void }) {
  // Made in the language shown (the screens are drawn again when it changes).
  const resolver = useMemo(
    () =>
      contractResolver<{ new_email: string }, ResendEmailBody>(
        resendEmailBody.refine((body) => Boolean(body.new_email), { path: ['new_email'], message: t('validation.required') }),
      ),
    [],
  );
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: { new_email: '' } });
  const { register, handleSubmit, formState } = form;
  const submit = handleSubmit(async ({ new_email }) => {
    if (new_email) await onChange(new_email);
  }, focusFirstError);

  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label={t('account.verify-change-form')}>
      <h2>{t('account.verify-change-title')}</h2>
      <FormField id="verify-new-email" label={t('account.verify-new-email')} required error={messageOf(formState.errors, 'new_email')}>
        {(control) => <input {...control} className="form-input" type="email" autoComplete="email" {...register('new_email')} />}
      </FormField>
      <SubmitButton busy={busy} busyLabel={t('account.sending')}>
        {t('account.verify-update')}
      </SubmitButton>
      <button type="button" className="text-link" onClick={onCancel}>
        {t('account.cancel')}
      </button>
    </form>
  );
}
