import { createFileRoute } from '@tanstack/react-router';
import { MessagesTab } from '@web/features/messages/messages-pages';

export const Route = createFileRoute('/_auth/messages/conversations')({
  component: () => <MessagesTab scope="conversations" />,
});
