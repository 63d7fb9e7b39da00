import { useEffect, type ReactNode } from 'react';
import { IncomingMessageToast } from '@web/features/messages/incoming-message-toast';
import { AgeVerificationReturn } from '@web/features/payments/age-verification';
import { useMemberSocket } from '@web/sync/member-socket';
import { SyncStatusBanner } from '@web/sync/sync-status-banner';
import { MemberHeader } from '@web/ui/layout/member-header';
import { PublicHeader } from '@web/ui/layout/public-header';
import { SiteFooter } from '@web/ui/layout/site-footer';
import { setToastArea } from '@web/ui/toast';
import { useMemberSync } from '@web/sync/use-member-sync';

/** Rendered apart so auth changes re-render only it, not the layout. */
function MemberSocket() {
  useMemberSync();
  useMemberSocket();
  return null;
}

/** Toasts at the top right start under the header, so one (the offline-ready notice, say) never covers its menu. */
function useToastsBelowHeader() {
  useEffect(() => setToastArea({ position: 'top-right', offsetTop: 'calc(var(--header-height) + var(--space-2))' }), []);
}

/** The signed-in member's frame: live sync, the member header, the sync banner and the footer. */
export function MemberChrome({ children }: { children: ReactNode }) {
  useToastsBelowHeader();
  return (
    <div className="layout layout--auth">
      <MemberSocket />
      <IncomingMessageToast />
      {/* The return from the age-verification provider (?verify-age=true) on whichever page it lands. */}
      <AgeVerificationReturn />
      <MemberHeader />
      <SyncStatusBanner />
      <main id="main" className="layout__main container">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** The visitor's frame (SPEC §2 public pages). */
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
