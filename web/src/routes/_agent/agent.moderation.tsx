import { createFileRoute } from '@tanstack/react-router';
import { ModerationPage } from '@web/features/admin-moderation/moderation-page';

/** Admin image moderation in the agent area; plain agents get the no-access panel, not a redirect. */
export const Route = createFileRoute('/_agent/agent/moderation')({
  component: ModerationPage,
});
