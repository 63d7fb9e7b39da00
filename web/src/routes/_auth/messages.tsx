import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MessagesLayout } from '@web/features/messages/messages-layout';

/** SPEC §2: tabs Inbox, Conversations, Archive. */
export const Route = createFileRoute('/_auth/messages')({
  component: () => (
    <MessagesLayout>
      <Outlet />
    </MessagesLayout>
  ),
});
