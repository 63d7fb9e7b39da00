import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { MemberHeader } from '@web/ui/layout/member-header';
import { SiteFooter } from '@web/ui/layout/site-footer';

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
  component: () => (
    <div className="layout layout--auth">
      <MemberHeader />
      <main id="main" className="layout__main container">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  ),
});
