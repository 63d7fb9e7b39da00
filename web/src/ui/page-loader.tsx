import { useSyncExternalStore } from 'react';
import { t } from '@sync/texts';
import { pageLoader } from '@web/lib/page-loader-state';

/** The global on-demand page loader (UI state `pageLoader`). */
export function PageLoader() {
  const visible = useSyncExternalStore(pageLoader.subscribe, pageLoader.isVisible, pageLoader.isVisible);
  if (!visible) return null;
  return (
    <div className="page-loader" role="status" aria-live="polite" data-testid="page-loader">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}
