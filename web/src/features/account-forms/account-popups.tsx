import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { useBrand } from '@web/lib/brand-context';
import { openPopup } from '@web/ui/popups/popup-queue';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';
import type { CaptchaSettings } from './captcha-step';
import { ForgotPasswordForm } from './forgot-password-form';
import { PasswordResetForm } from './password-reset-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { AFTER_SIGN_UP } from './sign-up-page';
import { safeRedirect, useFinishSignIn } from './use-finish-sign-in';
import { RichText } from '@web/ui/rich-text';

addTexts(enAccount);

function SignInPopup({ props, close }: PopupBodyProps<'sign-in'>) {
  const finish = useFinishSignIn();
  const [view, setView] = useState<'sign-in' | 'forgot'>(props.view ?? 'sign-in');
  if (view === 'forgot') return <ForgotPasswordForm idPrefix="popup-forgot" onBack={() => setView('sign-in')} />;
  return (
    <SignInForm
      idPrefix="popup-sign-in"
      autoFocus
      onSuccess={async (token) => {
        close();
        await finish(token, safeRedirect(props.redirect));
      }}
      onForgotPassword={() => setView('forgot')}
      footer={
        <p>
          <RichText
            id="account.new-here"
            components={{
              0: (
                <button
                  type="button"
                  className="text-link"
                  onClick={() => {
                    close();
                    openPopup('sign-up', props.redirect ? { redirect: props.redirect } : {});
                  }}
                />
              ),
            }}
          />
        </p>
      }
    />
  );
}

function SignUpPopup({ props, close }: PopupBodyProps<'sign-up'>) {
  const finish = useFinishSignIn();
  const { config } = useBrand();
  return (
    <SignUpForm
      idPrefix="popup-sign-up"
      captcha={config?.captcha as CaptchaSettings | undefined}
      onSuccess={async (token) => {
        close();
        await finish(token, AFTER_SIGN_UP);
      }}
      footer={
        <p>
          <RichText
            id="account.already-member"
            components={{
              0: (
                <button
                  type="button"
                  className="text-link"
                  onClick={() => {
                    close();
                    openPopup('sign-in', props.redirect ? { redirect: props.redirect } : {});
                  }}
                />
              ),
            }}
          />
        </p>
      }
    />
  );
}

function PasswordResetPopup({ props, close }: PopupBodyProps<'password-reset'>) {
  return <PasswordResetForm token={props.token} onDone={close} />;
}

/** Plugs the account popups into the shell's registry (called once on start). */
export function registerAccountPopups(): void {
  registerPopup('sign-in', { title: t('popup.sign-in-title'), Body: SignInPopup, size: 'sm' });
  registerPopup('sign-up', { title: t('popup.sign-up-title'), Body: SignUpPopup });
  registerPopup('password-reset', { title: t('popup.password-reset-title'), Body: PasswordResetPopup, size: 'sm' });
}
