import { createFileRoute, Outlet } from '@tanstack/react-router';
import { MessagesLayout } from '@web/features/messages/messages-layout';

/** docs/product.md#screens-and-routes: tabs Inbox, Conversations, Archive. */
export const Route = createFileRoute('/_auth/messages')({
  component: () => (
    <MessagesLayout>
      <Outlet />
    </MessagesLayout>
  ),
});
