import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enConsole } from '@sync/locales/en-console';
import { authenticate } from '@web/lib/auth-state';
import { call, rpc, via } from '@web/lib/rpc';
import { ApiError } from '@web/lib/http';
import { navigateTo } from '@web/lib/navigation';
import { messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { anyMissing, credentialsResolver, prefetchCredentialsRules, type CredentialsValues } from '@web/ui/forms/credentials';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { toast } from '@web/ui/toast';
import './agent-sign-in.css';

addTexts(enConsole);

export const AGENT_HOME = '/agent';

/** docs/product.md#errors-and-texts for the agent login kind: 401 credentials, 409 already signed in elsewhere, 429 the server's words. */
export function agentLoginFailure(error: unknown): 'take-over' | string {
  if (error instanceof ApiError) {
    if (error.status === 409) return 'take-over';
    if (error.status === 401) return t('error.login-invalid-credentials');
    if (error.status === 429 || error.status === 403) return error.message;
  }
  return t('error.generic');
}

/**
 * /agent/sign-in: staff sign in with the agent login kind. One device per agent (docs/product.md#authentication): when the agent is
 * signed in elsewhere the server answers 409, and the agent may take the session over, which signs the
 * other device out.
 */
export function AgentSignInPage() {
  const { form, formRef, focusFirstError } = useContractForm({ resolver: credentialsResolver, defaultValues: { username: '', password: '' } });
  const { register, handleSubmit, getValues, formState } = form;
  const [forcing, setForcing] = useState(false);
  const busy = formState.isSubmitting || forcing;
  const [takeOver, setTakeOver] = useState(false);

  // Any change to the credentials withdraws the take-over offer: it was for the account typed before.
  const resetTakeOver = { onChange: () => setTakeOver(false) };

  async function signIn({ username, password }: CredentialsValues, force: boolean) {
    try {
      const answer = await call(
        rpc.authenticate.$post({ json: { username: username.trim(), password, type: 'agent', ...(force ? { force: true } : {}) } }, via({ auth: false, loader: true })),
      );
      if (!(await authenticate(answer.access_token))) throw new Error('token rejected');
      navigateTo(AGENT_HOME);
    } catch (error) {
      const failure = agentLoginFailure(error);
      if (failure === 'take-over') setTakeOver(true);
      else toast.error(failure);
    }
  }

  const submit = handleSubmit(
    (body) => signIn(body, false),
    (errors) => {
      if (anyMissing(errors)) toast.warning(t('error.login-invalid-credentials'));
      focusFirstError(errors);
    },
  );

  async function forceSignIn() {
    setForcing(true);
    try {
      await signIn(getValues(), true);
    } finally {
      setForcing(false);
    }
  }

  return (
    <section className="agent-sign-in" aria-labelledby="agent-sign-in-title">
      <div className="agent-sign-in__head">
        <span className="agent-sign-in__badge">{t('console.staff')}</span>
        <h1 id="agent-sign-in-title" className="agent-sign-in__title">
          {t('console.title')}
        </h1>
        <p className="agent-sign-in__sub">{t('console.sign-in-lead')}</p>
      </div>
      <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} onFocus={prefetchCredentialsRules} noValidate aria-label={t('console.sign-in-form')}>
        <FormField id="agent-email" label={t('console.email')} error={messageOf(formState.errors, 'username')}>
          {(control) => (
            <input
              {...control}
              aria-invalid={Boolean(formState.errors.username)}
              {...register('username', resetTakeOver)}
              className="form-input"
              type="email"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="agent-password" label={t('console.password')} error={messageOf(formState.errors, 'password')}>
          {(control) => (
            <PasswordInput {...control} aria-invalid={Boolean(formState.errors.password)} {...register('password', resetTakeOver)} autoComplete="current-password" />
          )}
        </FormField>
        {takeOver ? (
          <div className="agent-sign-in__takeover" role="alert">
            <p>
              {t('error.agent-already-logged-in')} {t('console.take-over-text')}
            </p>
            <div className="agent-sign-in__actions">
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void forceSignIn()}>
                {t('console.take-over')}
              </button>
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => setTakeOver(false)}>
                {t('console.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <SubmitButton busy={busy} busyLabel={t('console.signing-in')}>
            {t('console.sign-in')}
          </SubmitButton>
        )}
      </form>
    </section>
  );
}
