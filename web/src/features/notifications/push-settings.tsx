import { useEffect, useId, useState } from 'react';
import { t } from '@sync/texts';
import { useConversations } from '@web/sync/mirror-queries';
import { toast } from '@web/ui/toast';
import { deviceSubscribed, pushAvailability, PushRefused, subscribeDevice, unsubscribeDevice, type PushAvailability } from './push-device';

/**
 * /settings: the opt-in for notifications on this device. Offered only once the member has a conversation (a
 * permission prompt on a first visit is refused, and the browser then never asks again); the browser's own prompt
 * comes only from the member's click on the switch.
 */
export function PushSettings() {
  const conversations = useConversations();
  const hasConversation = (conversations?.length ?? 0) > 0;
  const id = useId();
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability());
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!hasConversation) return;
    let live = true;
    deviceSubscribed().then(
      (value) => live && setOn(value),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [hasConversation]);

  if (!hasConversation) return null;

  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      if (next) await subscribeDevice();
      else await unsubscribeDevice();
      setOn(next);
    } catch (error) {
      setAvailability(pushAvailability());
      if (!(error instanceof PushRefused)) toast.error(t('settings.push-failed'));
      setOn(await deviceSubscribed().catch(() => false));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section settings-section--side panel" aria-labelledby={`${id}-title`}>
      <header className="settings-section__header">
        <h2 id={`${id}-title`}>{t('settings.push-title')}</h2>
        <p className="muted">{t('settings.push-text')}</p>
      </header>
      {availability === 'available' ? (
        <>
          <div className="settings-switch">
            <span className="settings-switch__text">
              <label htmlFor={id}>{t('settings.push-label')}</label>
              <small id={`${id}-hint`} className="form-field__hint">
                {t('settings.push-hint')}
              </small>
            </span>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="settings-switch__input"
              checked={on === true}
              disabled={on === null || busy}
              aria-busy={busy}
              aria-describedby={`${id}-hint`}
              onChange={(event) => void toggle(event.target.checked)}
            />
          </div>
          <p className="muted" role="status">
            {on === null ? '' : t(on ? 'settings.push-on' : 'settings.push-off')}
          </p>
        </>
      ) : (
        <p className="muted" role="status">
          {t(availability === 'denied' ? 'settings.push-denied' : 'settings.push-unsupported')}
        </p>
      )}
    </section>
  );
}
