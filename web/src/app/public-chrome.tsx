import type { ReactNode } from 'react';
import { PublicHeader } from '@web/ui/layout/public-header';
import { SiteFooter } from '@web/ui/layout/site-footer';
import { useToastsBelowHeader } from './toast-area';

/** The visitor's frame (docs/product.md#screens-and-routes public pages). */
export function PublicChrome({ children }: { children: ReactNode }) {
  useToastsBelowHeader();
  return (
    <div className="layout layout--public">
      <PublicHeader />
      <main id="main" className="layout__main container">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
