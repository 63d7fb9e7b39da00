import { createFileRoute, Outlet, redirect, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type RefObject } from 'react';
import { QueryProvider } from '@web/app/query-provider';
import { SessionBar } from '@web/features/agent-console/session-bar';
import { useAuth } from '@web/lib/auth-state';
import { startAgentSession } from '@web/features/agent-console/console-runtime';
import { useClaims, useConsoleEvent } from '@web/features/agent-console/use-agent';
import { AgentHeader } from '@web/ui/layout/agent-header';
import { setToastArea } from '@web/ui/toast';
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
  const root = useRef<HTMLDivElement>(null);
  useToastsUnderTheSessionBar(root);
  // The conversation open on /chat (its `?id=`, else the claim lapsing first, as the chat page shows it).
  const { claims } = useClaims();
  const chat = useRouterState({ select: (state) => (state.location.pathname === '/chat' ? ((state.location.search as { id?: string }).id ?? '') : null) });
  const openId = chat === null ? null : chat || (claims[0]?.conversationId ?? null);
  // A claim this tab took opens at once, from the view the claim answered.
  useConsoleEvent('opened', ({ conversationId }) => void navigate({ to: '/chat', search: { id: conversationId } }));
  return (
    <QueryProvider>
      <div ref={root} className="layout layout--agent">
        <AgentHeader />
        <SessionBar onOpenClaim={(id) => void navigate({ to: '/chat', search: { id } })} openId={openId} />
        <main id="main" className="layout__main container container--wide ac-main">
          <Outlet />
        </main>
      </div>
    </QueryProvider>
  );
}

/**
 * The session bar sticks under the header (--ac-header-height). Console toasts appear at the top right just
 * under the header, the session bar and the fictive profile's name, so neither the timers nor
 * the reply composer's Send button are covered. The bar wraps on narrow screens: its height is observed.
 */
function useToastsUnderTheSessionBar(root: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const bar = root.current?.querySelector<HTMLElement>('.ac-bar');
    const header = bar?.previousElementSibling as HTMLElement | null | undefined;
    if (!bar) return;
    const style = document.documentElement.style;
    const update = () => {
      // The bar sticks right under the header, whatever height the header wraps to.
      style.setProperty('--ac-header-height', `${header?.offsetHeight ?? 0}px`);
      style.setProperty('--ac-chrome-height', `${(header?.offsetHeight ?? 0) + bar.offsetHeight}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    if (header) observer.observe(header);
    // Below the first row of the right column too, where the fictive profile's name is.
    const restore = setToastArea({ position: 'top-right', offsetTop: 'calc(var(--ac-chrome-height) + 4.5rem)' });
    return () => {
      observer.disconnect();
      restore();
      style.removeProperty('--ac-chrome-height');
      style.removeProperty('--ac-header-height');
    };
  }, [root]);
}
