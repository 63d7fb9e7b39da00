import { createFileRoute, Outlet } from '@tanstack/react-router';
import { RouteTabs } from '@web/ui/route-tabs';

/** SPEC §2: tabs Inbox, Conversations, Archive. */
export const Route = createFileRoute('/_auth/messages')({
  component: () => (
    <div className="stack">
      <RouteTabs
        label="Messages"
        tabs={[
          { to: '/messages/inbox', label: 'Inbox' },
          { to: '/messages/conversations', label: 'Conversations' },
          { to: '/messages/archive', label: 'Archive' },
        ]}
      />
      <Outlet />
    </div>
  ),
});
