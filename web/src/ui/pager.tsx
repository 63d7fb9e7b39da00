import type { ReactNode } from 'react';

/** Previous / "Page n of m" / Next under a staff table (console lookup, admin lists); styled by the console's ac-pager. */
export function Pager({ page, pages, onPage, children }: { page: number; pages: number; onPage: (page: number) => void; children?: ReactNode }) {
  return (
    <nav className="ac-pager" aria-label="Pages">
      <button type="button" className="ac-btn ac-btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
        {children}
      </span>
      <button type="button" className="ac-btn ac-btn--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
