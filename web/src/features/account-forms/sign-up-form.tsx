import { useCallback, useState, type ReactNode } from 'react';
import { createRegisterBody, genders, type Gender, type RegisterBody } from '@sync/contract/auth';
import { PASSWORD_MIN } from '@sync/contract/fields';
import { MAX_AGE, MIN_AGE } from '@sync/rules/age';
import { USERNAME_MAX, USERNAME_MIN } from '@sync/rules/validators';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { ApiError } from '@web/lib/http';
import { contractResolver, messageOf, useContractForm, useOnEdit } from '@web/ui/forms/contract-form';
import { ChoiceGroup, FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { closePopup, openPopup } from '@web/ui/popups/popup-queue';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';
import { register } from './account-api';
import { CaptchaStep, type CaptchaSettings } from './captcha-step';
import { emitRegistrationError, isInvalidEmailAnswer } from './registration-error';
import './account-forms.css';

addTexts(enAccount);

interface Values {
  gender: Gender | '';
  lookingFor: Gender | '';
  birthDate: string;
  username: string;
  email: string;
  password: string;
  terms: boolean;
}

const initial: Values = { gender: '', lookingFor: '', birthDate: '', username: '', email: '', password: '', terms: false };
const genderLabel: Record<Gender, TextKey> = { man: 'account.gender-man', woman: 'account.gender-woman' };
const seekingLabel: Record<Gender, TextKey> = { man: 'account.seeking-man', woman: 'account.seeking-woman' };

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
function yearsAgo(years: number, now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return isoDay(d);
}

/** The body as the contract takes it: empty choices become undefined so they read 'Required'. */
function toInput(values: Values) {
  return {
    username: values.username,
    email: values.email,
    password: values.password,
    gender: values.gender || undefined,
    lookingFor: values.lookingFor || undefined,
    birthDate: values.birthDate,
    terms: values.terms,
  };
}

export interface SignUpFormProps {
  onSuccess: (accessToken: string) => void | Promise<void>;
  captcha?: CaptchaSettings | undefined;
  footer?: ReactNode;
  idPrefix?: string;
}

const resolver = contractResolver<Values, RegisterBody>(createRegisterBody(), toInput);

export function SignUpForm({ onSuccess, captcha, footer, idPrefix = 'sign-up' }: SignUpFormProps) {
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: initial });
  const { register: field, formState, getValues, setValue, setError, handleSubmit } = form;
  const errors = formState.errors;
  const [emailTaken, setEmailTaken] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const busy = formState.isSubmitting;

  // The server's words about the last attempt stop applying as soon as any answer changes.
  useOnEdit(form, useCallback(() => setFormError(null), []));

  async function send(body: RegisterBody) {
    setFormError(null);
    try {
      const answer = await register(body);
      setNeedsCaptcha(false);
      await onSuccess(answer.access_token);
    } catch (error) {
      emitRegistrationError(error);
      if (error instanceof ApiError && error.status === 412) {
        setNeedsCaptcha(true);
      } else if (error instanceof ApiError && error.code === 'email-taken') {
        setEmailTaken(true);
        setError('email', { type: 'server', message: t('sign-up.email-taken') });
        focusFirstError({ email: true });
      } else if (isInvalidEmailAnswer(error)) {
        setError('email', { type: 'server', message: t('validation.email') });
        focusFirstError({ email: true });
      } else if (error instanceof ApiError && error.status < 500 && error.message) {
        setFormError(error.message);
      } else {
        toast.error(t('error.generic'));
      }
    }
  }

  const submit = handleSubmit(send, focusFirstError);
  const onCaptchaToken = (token: string) => void handleSubmit((body) => send({ ...body, captchaToken: token, captchaVersion: 'v2' }), focusFirstError)();

  // A sensible default people can change: a first answer to "I am" pre-fills "Looking for".
  const gender = field('gender', {
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value as Gender;
      if (!getValues('lookingFor')) setValue('lookingFor', value === 'man' ? 'woman' : 'man', { shouldValidate: formState.isSubmitted });
    },
  });

  const today = new Date();
  return (
    <form ref={formRef} className="form-stack account-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('account.sign-up-form')}>
      <div className="form-row form-row--2">
        <ChoiceGroup legend={t('account.i-am')} error={messageOf(errors, 'gender')} required>
          {(aria) => (
            <div className="choice-pills">
              {genders.map((g) => (
                <label key={g} className="choice-pill">
                  <input
                    type="radio"
                    {...gender}
                    value={g}
                    aria-invalid={aria['aria-invalid']}
                  />
                  <span>{t(genderLabel[g])}</span>
                </label>
              ))}
            </div>
          )}
        </ChoiceGroup>
        <ChoiceGroup legend={t('account.looking-for')} error={messageOf(errors, 'lookingFor')} required>
          {(aria) => (
            <div className="choice-pills">
              {genders.map((g) => (
                <label key={g} className="choice-pill">
                  <input
                    type="radio"
                    {...field('lookingFor')}
                    value={g}
                    aria-invalid={aria['aria-invalid']}
                  />
                  <span>{t(seekingLabel[g])}</span>
                </label>
              ))}
            </div>
          )}
        </ChoiceGroup>
      </div>

      <FormField
        id={`${idPrefix}-birth-date`}
        label={t('account.birth-date')}
        required
        error={messageOf(errors, 'birthDate')}
        hint={t('account.birth-date-hint', { min: MIN_AGE })}
      >
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="date"
            {...field('birthDate')}
            autoComplete="bday"
            max={yearsAgo(MIN_AGE, today)}
            min={yearsAgo(MAX_AGE, today)}
          />
        )}
      </FormField>

      <FormField
        id={`${idPrefix}-username`}
        label={t('account.username')}
        required
        error={messageOf(errors, 'username')}
        hint={t('account.username-hint', { min: USERNAME_MIN, max: USERNAME_MAX })}
      >
        {(control) => (
          <input
            {...control}
            className="form-input"
            {...field('username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>

      <FormField id={`${idPrefix}-email`} label={t('account.email')} required error={messageOf(errors, 'email')} hint={t('account.email-hint')}>
        {(control) => (
          <input
            {...control}
            className="form-input"
            type="email"
            {...field('email', { onChange: () => setEmailTaken(false) })}
            autoComplete="email"
          />
        )}
      </FormField>
      {emailTaken && errors.email && <EmailTakenActions />}

      <FormField id={`${idPrefix}-password`} label={t('account.password')} required error={messageOf(errors, 'password')} hint={t('account.password-hint', { min: PASSWORD_MIN })}>
        {(control) => (
          <PasswordInput
            {...control}
            {...field('password')}
            autoComplete="new-password"
          />
        )}
      </FormField>

      <div className={`form-field account-form__terms${errors.terms ? ' form-field--invalid' : ''}`}>
        <label className="form-check">
          <input
            id={`${idPrefix}-terms`}
            type="checkbox"
            {...field('terms')}
            aria-invalid={Boolean(errors.terms)}
            {...(errors.terms ? { 'aria-describedby': `${idPrefix}-terms-error` } : {})}
          />
          <span>
            <RichText
              id="account.terms"
              values={{ min: MIN_AGE }}
              components={{ 0: <a href="/terms" target="_blank" rel="noopener" />, 1: <a href="/privacy-policy" target="_blank" rel="noopener" /> }}
            />
          </span>
        </label>
        {errors.terms && (
          <p id={`${idPrefix}-terms-error`} className="form-field__error">
            {messageOf(errors, 'terms')}
          </p>
        )}
      </div>

      {formError && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{formError}</p>
        </div>
      )}

      {needsCaptcha && <CaptchaStep settings={captcha} onToken={onCaptchaToken} />}

      <SubmitButton busy={busy} busyLabel={t('account.creating')}>
        {t('account.create-free-account')}
      </SubmitButton>
      {footer && <div className="account-form__footer">{footer}</div>}
    </form>
  );
}

/** A taken address: the member probably has an account already, so sign-in and password reset are one click away. */
function EmailTakenActions() {
  const openSignIn = (view?: 'forgot') => {
    // From the sign-up popup, the sign-in popup takes its place; from the /sign-up page it opens over it.
    closePopup();
    openPopup('sign-in', view ? { view } : {});
  };
  return (
    <p className="account-form__taken">
      {t('sign-up.email-taken-actions')}{' '}
      <button type="button" className="text-link" onClick={() => openSignIn()}>
        {t('nav.sign-in')}
      </button>{' '}
      ·{' '}
      <button type="button" className="text-link" onClick={() => openSignIn('forgot')}>
        {t('sign-up.reset-password')}
      </button>
    </p>
  );
}
