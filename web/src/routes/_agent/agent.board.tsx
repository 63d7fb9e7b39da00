import { createFileRoute } from '@tanstack/react-router';
import { SupervisorBoardPage } from '@web/features/agent-admin/supervisor-board-page';

/** /agent/board: the live supervisor board (admins). */
export const Route = createFileRoute('/_agent/agent/board')({
  component: SupervisorBoardPage,
});
