import { Link } from '@tanstack/react-router';
import { t } from '@sync/texts';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';

function NoCreditsBody({ close }: PopupBodyProps<'no-credits'>) {
  return (
    <div className="stack">
      <p>{t('error.no-credits')}</p>
      <div className="popup__actions">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('messages.cancel')}
        </button>
        <Link to="/upgrade/credits" className="button button--primary" onClick={close}>
          {t('popup.no-credits-action')}
        </Link>
      </div>
    </div>
  );
}

/** docs/product.md#validation: sending needs 1 credit, otherwise this popup opens (and nothing is sent). */
export function registerNoCreditsPopup(): void {
  registerPopup('no-credits', { title: t('popup.no-credits-title'), Body: NoCreditsBody, size: 'sm' });
}
