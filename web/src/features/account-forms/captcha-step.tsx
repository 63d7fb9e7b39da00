import { useEffect, useId, useRef, useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enAccount } from '@sync/locales/en-account';
import { toast } from '@web/ui/toast';
import { useLatest } from '@web/lib/use-latest';

addTexts(enAccount);

/** The captcha settings in the runtime config (GET /api/config), when the brand has any. */
export interface CaptchaSettings {
  provider?: 'sandbox' | 'recaptcha' | 'off' | string;
  /** The v2 checkbox widget's key: the 412 step always asks for a v2 check (docs/product.md#errors-and-texts). */
  siteKeyV2?: string;
  siteKeyV3?: string;
}

export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-pass';

interface Grecaptcha {
  render(element: HTMLElement, options: Record<string, unknown>): number;
  ready(callback: () => void): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const RECAPTCHA_SRC = 'https://www.google.com/recaptcha/api.js?render=explicit';
let scriptLoad: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  scriptLoad ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha as Grecaptcha)) : reject(new Error('no grecaptcha')));
    script.onerror = () => {
      scriptLoad = null;
      reject(new Error('recaptcha failed to load'));
    };
    document.head.append(script);
  });
  return scriptLoad;
}

function RecaptchaWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const rendered = useRef(false);
  // The widget keeps the first callback it was given; this ref always calls the latest one.
  const latest = useLatest(onToken);
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (cancelled || !ref.current || rendered.current) return;
        rendered.current = true;
        grecaptcha.render(ref.current, {
          sitekey: siteKey,
          callback: (token: string) => latest.current(token),
          'expired-callback': () => toast.warning(t('recaptcha-v2-timeout')),
          'error-callback': () => toast.error(t('recaptcha-v2-error')),
        });
      })
      .catch(() => toast.error(t('recaptcha-v2-error')));
    return () => {
      cancelled = true;
    };
  }, [siteKey, latest]);
  return <div ref={ref} className="captcha-step__widget" />;
}

/**
 * docs/product.md#errors-and-texts: a 412 on registration loads a CAPTCHA v2. The sandbox provider is a plain checkbox
 * whose token the sandbox API accepts; 'recaptcha' renders Google's widget with the site key.
 */
export function CaptchaStep({ settings, onToken }: { settings: CaptchaSettings | undefined; onToken: (token: string) => void }) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  const useRecaptcha = settings?.provider === 'recaptcha' && Boolean(settings.siteKeyV2);
  return (
    <div className="captcha-step" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="captcha-step__title">
        {t('account.captcha-title')}
      </p>
      {useRecaptcha ? (
        <RecaptchaWidget siteKey={settings?.siteKeyV2 ?? ''} onToken={onToken} />
      ) : (
        <label className="captcha-step__sandbox form-check">
          <input
            type="checkbox"
            checked={checked}
            disabled={checked}
            onChange={(event) => {
              if (!event.target.checked) return;
              setChecked(true);
              onToken(SANDBOX_CAPTCHA_TOKEN);
            }}
          />
          <span>{t('account.captcha-not-robot')}</span>
        </label>
      )}
    </div>
  );
}
