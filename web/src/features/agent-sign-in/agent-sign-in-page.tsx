import { useRef, useState, type FormEvent } from 'react';
import { authenticateBody } from '@sync/contract/auth';
import { t } from '@sync/texts';
import { api } from '@web/lib/api';
import { useAuth } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { navigateTo } from '@web/lib/navigation';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@web/ui/forms/field-errors';
import { FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { toast } from '@web/ui/toast';
import './agent-sign-in.css';

type Field = 'username' | 'password';
export const AGENT_HOME = '/agent';

/** SPEC §8 for the agent login kind: 401 credentials, 409 already signed in elsewhere, 429 the server's words. */
export function agentLoginFailure(error: unknown): 'take-over' | string {
  if (error instanceof ApiError) {
    if (error.status === 409) return 'take-over';
    if (error.status === 401) return t('error.login-invalid-credentials');
    if (error.status === 429 || error.status === 403) return error.message;
  }
  return t('error.generic');
}

/**
 * /agent/sign-in: staff sign in with the agent login kind. One device per agent (SPEC §4): when the agent is
 * signed in elsewhere the server answers 409, and the agent may take the session over, which signs the
 * other device out.
 */
export function AgentSignInPage() {
  const { authenticate } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [takeOver, setTakeOver] = useState(false);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setTakeOver(false);
  };

  async function signIn(force: boolean) {
    setBusy(true);
    try {
      const answer = await api.post<{ access_token: string }>(
        '/authenticate',
        { username: values.username.trim(), password: values.password, type: 'agent', ...(force ? { force: true } : {}) },
        { auth: false, loader: true },
      );
      if (!authenticate(answer.access_token)) throw new Error('token rejected');
      navigateTo(AGENT_HOME);
    } catch (error) {
      const failure = agentLoginFailure(error);
      if (failure === 'take-over') setTakeOver(true);
      else toast.error(failure);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (values.username.trim() === '' || values.password === '') {
      toast.warning(t('error.login-invalid-credentials'));
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    const parsed = authenticateBody.safeParse({ username: values.username, password: values.password, type: 'agent' });
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error));
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    void signIn(false);
  }

  return (
    <section className="agent-sign-in" aria-labelledby="agent-sign-in-title">
      <div className="agent-sign-in__head">
        <span className="agent-sign-in__badge">Staff</span>
        <h1 id="agent-sign-in-title" className="agent-sign-in__title">
          Agent console
        </h1>
        <p className="agent-sign-in__sub">Sign in with your staff email to start a work session.</p>
      </div>
      <form ref={formRef} className="form-stack" onSubmit={submit} noValidate aria-label="Agent sign in">
        <FormField id="agent-email" label="Email" error={errors.username}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="email"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={values.username}
              onChange={set('username')}
            />
          )}
        </FormField>
        <FormField id="agent-password" label="Password" error={errors.password}>
          {(control) => (
            <PasswordInput {...control} name="password" autoComplete="current-password" value={values.password} onChange={set('password')} />
          )}
        </FormField>
        {takeOver ? (
          <div className="agent-sign-in__takeover" role="alert">
            <p>{t('error.agent-already-logged-in')} Taking over signs the other device out.</p>
            <div className="agent-sign-in__actions">
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void signIn(true)}>
                Take over this session
              </button>
              <button type="button" className="button button--ghost" disabled={busy} onClick={() => setTakeOver(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        )}
      </form>
    </section>
  );
}
