import { lazy, Suspense, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useBrand } from '@web/lib/brand-context';
import { SignInForm } from './sign-in-form';
import { safeRedirect, useFinishSignIn } from './use-finish-sign-in';
import './account-forms.css';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { RichText } from '@web/ui/rich-text';

addTexts(enAccount);

// Only after "Forgot your password?": its rules (zod) need not hold the sign-in page's first paint.
const ForgotPasswordForm = lazy(() => import('./forgot-password-form').then((module) => ({ default: module.ForgotPasswordForm })));

/** /sign-in (sign-in layout). An optional ?redirect= path is where the member lands afterwards. */
export function SignInPage() {
  const search = useSearch({ strict: false }) as { redirect?: unknown };
  const finish = useFinishSignIn();
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  const brand = useBrand().brand?.brand ?? 'Amora';
  const redirect = safeRedirect(search.redirect);
  return (
    <section className="account-card" aria-labelledby="sign-in-title">
      <div className="account-card__head">
        <h1 id="sign-in-title" className="account-card__title">
          {view === 'sign-in' ? t('account.welcome-back') : t('account.forgot-password')}
        </h1>
        <p className="account-card__sub">
          {view === 'sign-in' ? t('account.sign-in-lead', { brand }) : t('account.forgot-lead')}
        </p>
      </div>
      {view === 'sign-in' ? (
        <SignInForm
          onSuccess={(token) => finish(token, redirect)}
          onForgotPassword={() => setView('forgot')}
          footer={
            <p>
              <RichText id="account.new-to" values={{ brand }} components={{ 0: <Link to="/sign-up" /> }} />
            </p>
          }
        />
      ) : (
        <Suspense
          fallback={
            <div className="account-form__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t('shell.loading')}</span>
            </div>
          }
        >
          <ForgotPasswordForm onBack={() => setView('sign-in')} />
        </Suspense>
      )}
    </section>
  );
}
