import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '@sync/texts';
import { RouteTabs } from '@web/ui/route-tabs';
import { useTabCounts } from './messages-pages';
import './messages.css';

/** SPEC §2: tabs Inbox, Conversations, Archive with their unread counts; a chat takes the whole width. */
export function MessagesLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const counts = useTabCounts();
  if (pathname.startsWith('/messages/chat/')) return <div className="messages-layout messages-layout--chat">{children}</div>;
  return (
    <div className="messages-layout">
      <RouteTabs
        label={t('messages.tabs-label')}
        tabs={[
          { to: '/messages/inbox', label: t('messages.inbox'), badge: counts?.inbox, match: ['/messages/inbox', '/messages/flirts'] },
          { to: '/messages/conversations', label: t('messages.conversations'), badge: counts?.conversation, match: ['/messages/conversations', '/messages/sent'] },
          { to: '/messages/archive', label: t('messages.archive'), badge: counts?.archive },
        ]}
      />
      {children}
    </div>
  );
}
