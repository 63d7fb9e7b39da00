import type { ReactNode } from 'react';
import { IncomingMessageToast } from '@web/features/messages/incoming-message-toast';
import { AgeVerificationReturn } from '@web/features/payments/age-verification';
// Registers the logout reset that ends this device's notifications.
import '@web/features/notifications/push-device';
import { useMemberSocket } from '@web/sync/member-socket';
import { SyncStatusBanner } from '@web/sync/sync-status-banner';
import { MemberHeader } from '@web/ui/layout/member-header';
import { SiteFooter } from '@web/ui/layout/site-footer';
import { QueryProvider } from './query-provider';
import { useToastsBelowHeader } from './toast-area';
import { useMemberSync } from '@web/sync/use-member-sync';

/** Rendered apart so auth changes re-render only it, not the layout. */
function MemberSocket() {
  useMemberSync();
  useMemberSocket();
  return null;
}

/** The signed-in member's frame: live sync, the member header, the sync banner and the footer. */
export function MemberChrome({ children }: { children: ReactNode }) {
  useToastsBelowHeader();
  return (
    <QueryProvider>
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
    </QueryProvider>
  );
}
