import { t } from '@sync/texts';
import { pageLoader } from '@web/lib/page-loader-state';
import { useStore } from '@web/lib/store';

/** The global on-demand page loader (UI state `pageLoader`). */
export function PageLoader() {
  const visible = useStore({ get: pageLoader.isVisible, subscribe: pageLoader.subscribe });
  if (!visible) return null;
  return (
    <div className="page-loader" role="status" aria-live="polite" data-testid="page-loader">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}
