import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SessionBar } from '@web/features/agent-console/session-bar';
import { useAuth } from '@web/lib/auth-session';
import { setClaimHooks, startAgentSession } from '@web/sync/agent-session';
import { AgentHeader } from '@web/ui/layout/agent-header';
import { setAreaToastPosition } from '@web/ui/toast';
import '@web/features/agent-console/agent-console.css';

/** The agent console layout: agents only; members go back to their own home. */
export const Route = createFileRoute('/_agent')({
  beforeLoad: ({ context }) => {
    const auth = context.session.getAuth();
    if (!auth.isAuthenticated) throw redirect({ to: '/', replace: true });
    if (auth.kind !== 'agent') throw redirect({ to: '/profiles', replace: true });
  },
  component: AgentLayout,
});

function AgentLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const isAgent = auth.isAuthenticated && auth.kind === 'agent';
  // The session, its timers and the socket live as long as the agent area is open in this tab.
  useEffect(() => {
    if (!isAgent) return;
    return startAgentSession();
  }, [isAgent]);
  useEffect(() => setAreaToastPosition('bottom-right'), []);
  useEffect(() => {
    setClaimHooks({ open: (wrapper) => void navigate({ to: '/chat', search: { id: wrapper.conversation._id } }) });
  }, [navigate]);
  return (
    <div className="layout layout--agent">
      <AgentHeader />
      <SessionBar onOpenClaim={(id) => void navigate({ to: '/chat', search: { id } })} />
      <main id="main" className="layout__main container container--wide ac-main">
        <Outlet />
      </main>
    </div>
  );
}
