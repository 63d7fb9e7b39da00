import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AgeVerificationReturn } from '@web/features/payments/age-verification';
import { MemberHeader } from '@web/ui/layout/member-header';
import { SiteFooter } from '@web/ui/layout/site-footer';
import { useMemberSocket } from '@web/sync/member-socket';
import { SyncStatusBanner } from '@web/sync/sync-status-banner';
import { useMemberSync } from '@web/sync/use-member-sync';

/**
 * The authenticated layout. The root route flow has already sent visitors to '/' and unverified
 * members to /verify; this guard keeps agents (the other login kind) in their own area.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context }) => {
    const auth = context.session.getAuth();
    if (!auth.isAuthenticated) throw redirect({ to: '/', replace: true });
    if (auth.kind === 'agent') throw redirect({ to: '/agent', replace: true });
  },
  component: AuthLayout,
});

/** Rendered apart so auth changes re-render only it, not the layout. */
function MemberSocket() {
  useMemberSync();
  useMemberSocket();
  return null;
}

function AuthLayout() {
  return (
    <div className="layout layout--auth">
      <MemberSocket />
      {/* The return from the age-verification provider (?verify-age=true) on whichever page it lands. */}
      <AgeVerificationReturn />
      <MemberHeader />
      <SyncStatusBanner />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
