import { Link } from '@tanstack/react-router';
import { useBrand } from '@web/lib/brand-context';
import type { CaptchaSettings } from './captcha-step';
import { SignUpForm } from './sign-up-form';
import { useFinishSignIn } from './use-finish-sign-in';
import './account-forms.css';

export const AFTER_SIGN_UP = '/verify';

/** /sign-up (sign-in layout): a new member lands on /verify to confirm the email address. */
export function SignUpPage() {
  const { brand, config } = useBrand();
  const finish = useFinishSignIn();
  const name = brand?.brand ?? 'Amora';
  return (
    <section className="account-card account-card--wide" aria-labelledby="sign-up-title">
      <div className="account-card__head">
        <h1 id="sign-up-title" className="account-card__title">
          Join {name} for free
        </h1>
        <p className="account-card__sub">Create your account in under a minute and start chatting today.</p>
      </div>
      <SignUpForm
        captcha={config?.captcha as CaptchaSettings | undefined}
        onSuccess={(token) => finish(token, AFTER_SIGN_UP)}
        footer={
          <p>
            Already a member? <Link to="/sign-in">Sign in</Link>
          </p>
        }
      />
    </section>
  );
}
