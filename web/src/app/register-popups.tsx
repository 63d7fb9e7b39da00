import { t } from '@sync/texts';
import { registerPopup, registerPopupsLater, type PopupBodyProps } from '@web/ui/popups/popup-registry';

function GeneralPopup({ props, close }: PopupBodyProps<'general'>) {
  return (
    <div className="stack">
      <p>{props.message}</p>
      <div className="popup__actions">
        {props.cancelLabel && (
          <button type="button" className="button button--ghost" onClick={close}>
            {props.cancelLabel}
          </button>
        )}
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

/** The popups the shell provides; feature popups register themselves the same way, on first need. */
export function registerAppPopups(): void {
  registerPopup('general', { title: (props) => props.title ?? t('popup.general-title'), Body: GeneralPopup, size: 'sm' });
  registerPopupsLater(() => import('./register-feature-popups').then((module) => module.registerFeaturePopups()));
}
