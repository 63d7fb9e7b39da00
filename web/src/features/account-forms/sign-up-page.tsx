import { Link } from '@tanstack/react-router';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { useBrand } from '@web/lib/brand-context';
import { RichText } from '@web/ui/rich-text';
import type { CaptchaSettings } from './captcha-step';
import { SignUpForm } from './sign-up-form';
import { useFinishSignIn } from './use-finish-sign-in';
import './account-forms.css';

addTexts(enAccount);

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
          {t('account.join-title', { brand: name })}
        </h1>
        <p className="account-card__sub">{t('account.join-lead')}</p>
      </div>
      <SignUpForm
        captcha={config?.captcha as CaptchaSettings | undefined}
        onSuccess={(token) => finish(token, AFTER_SIGN_UP)}
        footer={
          <p>
            <RichText id="account.already-member" components={{ 0: <Link to="/sign-in" /> }} />
          </p>
        }
      />
    </section>
  );
}
