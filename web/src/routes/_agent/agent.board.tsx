import { createFileRoute } from '@tanstack/react-router';
import { SupervisorBoardPage } from '@web/features/agent-admin/supervisor-board-page';
import { useAgentSession } from '@web/features/agent-console/use-agent';

/** /agent/board: the live supervisor board (admins), live while the console's socket is open. */
export const Route = createFileRoute('/_agent/agent/board')({
  component: SupervisorBoardRoute,
});

function SupervisorBoardRoute() {
  const session = useAgentSession();
  return <SupervisorBoardPage live={session.ready && session.connection === 'open'} />;
}
