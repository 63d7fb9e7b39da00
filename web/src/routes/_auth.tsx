import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { MemberChrome } from '@web/app/layout-chrome';

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

function AuthLayout() {
  return (
    <MemberChrome>
      <Outlet />
    </MemberChrome>
  );
}
