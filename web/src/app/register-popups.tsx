import { t } from '@sync/texts';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

function GeneralPopup({ props, close }: PopupBodyProps<'general'>) {
  return (
    <div className="stack">
      <p>{props.message}</p>
      <div className="popup__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            props.onConfirm?.();
            close();
          }}
        >
          {props.confirmLabel ?? t('popup.ok')}
        </button>
      </div>
    </div>
  );
}

/** The popups the shell provides; feature popups register themselves the same way. */
export function registerAppPopups(): void {
  registerPopup('general', { title: (props) => props.title ?? t('popup.general-title'), Body: GeneralPopup, size: 'sm' });
  registerPopup('sign-in', { title: t('popup.sign-in-title'), Body: () => <p className="muted">{t('shell.coming-soon')}</p>, size: 'sm' });
  registerPopup('password-reset', { title: t('popup.password-reset-title'), Body: () => <p className="muted">{t('shell.coming-soon')}</p>, size: 'sm' });
  registerPopup('sign-up', { title: t('popup.sign-up-title'), Body: () => <p className="muted">{t('shell.coming-soon')}</p> });
}
