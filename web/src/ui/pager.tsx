import type { ReactNode } from 'react';
import { addTexts, t } from '@sync/texts';
import { enUi } from '@sync/locales/en-ui';

addTexts(enUi);

/** Previous / "Page n of m" / Next under a staff table (console lookup, admin lists); styled by the console's ac-pager. */
export function Pager({ page, pages, onPage, children }: { page: number; pages: number; onPage: (page: number) => void; children?: ReactNode }) {
  return (
    <nav className="ac-pager" aria-label={t('ui.pager')}>
      <button type="button" className="ac-btn ac-btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ui.pager.previous')}
      </button>
      <span>
        {t('ui.pager.page-of', { page, pages })}
        {children}
      </span>
      <button type="button" className="ac-btn ac-btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}
