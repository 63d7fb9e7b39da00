import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { AgentHeader } from '@web/ui/layout/agent-header';

/** The agent console layout: agents only; members go back to their own home. */
export const Route = createFileRoute('/_agent')({
  beforeLoad: ({ context }) => {
    const auth = context.session.getAuth();
    if (!auth.isAuthenticated) throw redirect({ to: '/', replace: true });
    if (auth.kind !== 'agent') throw redirect({ to: '/profiles', replace: true });
  },
  component: () => (
    <div className="layout layout--agent">
      <AgentHeader />
      <main id="main" className="layout__main container container--wide">
        <Outlet />
      </main>
    </div>
  ),
});
