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


/** The footer line under one account form whose link opens the other in its place, keeping where to go after. */
function SwitchPopup({ text, to, redirect, close }: { text: 'account.new-here' | 'account.already-member'; to: 'sign-in' | 'sign-up'; redirect?: string; close: () => void }) {
  return (
    <p>
      <RichText
        id={text}
        components={{
          0: (
            <button
              type="button"
              className="text-link"
              onClick={() => {
                close();
                openPopup(to, redirect ? { redirect } : {});
              }}
            />
          ),
        }}
      />
    </p>
  );
}
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
      footer={<SwitchPopup text="account.new-here" to="sign-up" redirect={props.redirect} close={close} />}
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
      footer={<SwitchPopup text="account.already-member" to="sign-in" redirect={props.redirect} close={close} />}
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
