import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t } from '@sync/texts';
import { useConversations, type ConversationScope } from '@web/sync/mirror-queries';
import { RouteTabs } from '@web/ui/route-tabs';
import { useMediaQuery } from '@web/ui/use-media-query';
import { MessagesTab, useTabCounts } from './messages-pages';
import './messages.css';

/**
 * From this width the inbox is a messenger: the list on the left, the open chat on the right (the routes stay
 * docs/product.md#screens-and-routes's: a list path shows the list and an empty pane, a chat path shows the chat beside its list).
 */
export const SPLIT_INBOX_QUERY = '(min-width: 1024px)';
const CHAT_PATH = /^\/messages\/chat\/([^/]+)/;

function MessagesTabs() {
  const counts = useTabCounts();
  return (
    <RouteTabs
      label={t('messages.tabs-label')}
      tabs={[
        { to: '/messages/inbox', label: t('messages.inbox'), badge: counts?.inbox, match: ['/messages/inbox', '/messages/flirts'] },
        { to: '/messages/conversations', label: t('messages.conversations'), badge: counts?.conversation, match: ['/messages/conversations', '/messages/sent'] },
        { to: '/messages/archive', label: t('messages.archive'), badge: counts?.archive },
      ]}
    />
  );
}

/** The list a chat belongs to (docs/product.md#messaging's type), so the left pane shows where the open conversation sits. */
function useScopeOf(conversationId: string): ConversationScope {
  const rows = useConversations();
  return rows?.find((row) => row._id === conversationId)?.type ?? 'inbox';
}

/** The left pane beside an open chat: the list the conversation belongs to. */
function ChatList({ conversationId }: { conversationId: string }) {
  const scope = useScopeOf(conversationId);
  return (
    <div className="messages-split__list">
      <MessagesTabs />
      <MessagesTab scope={scope} />
    </div>
  );
}

/** docs/product.md#screens-and-routes: tabs Inbox, Conversations, Archive with their unread counts; on phones a chat takes the whole screen. */
export function MessagesLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const split = useMediaQuery(SPLIT_INBOX_QUERY);
  const chatId = CHAT_PATH.exec(pathname)?.[1];
  if (chatId !== undefined) {
    // One tree at every width: the chat keeps its place when the list comes or goes (a window resized across
    // 1024 px, a tablet turned), so the composer keeps what the member typed and the photo they chose.
    return (
      <div className={`messages-layout ${split ? 'messages-layout--split' : 'messages-layout--chat'}`}>
        {split ? <ChatList conversationId={chatId} /> : null}
        <div className="messages-split__chat">{children}</div>
      </div>
    );
  }
  if (split) {
    return (
      <div className="messages-layout messages-layout--split">
        <div className="messages-split__list">
          <MessagesTabs />
          {children}
        </div>
        <div className="messages-split__chat messages-split__empty">
          <p>{t('messages.choose-conversation')}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="messages-layout">
      <MessagesTabs />
      {children}
    </div>
  );
}
