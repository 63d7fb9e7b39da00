import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { t, type TextKey } from '@sync/texts';
import { formatListTime } from '@web/lib/format';
import type { ConversationRow } from '@web/local/db';
import { unreadCountsOf, useConversations, type ConversationScope } from '@web/sync/mirror-queries';
import { Avatar } from '@web/ui/avatar';
import { EmojiText } from '@web/ui/emoji/emoji-image';
import { openPopup } from '@web/ui/popups/popup-queue';
import './messages.css';

/** Flirts and sent lists page through the mirror. */
export const LIST_PAGE_SIZE = 20;

const shortTime = (iso: string) => formatListTime(iso);

function preview(row: ConversationRow): string {
  const last = row.lastMessage;
  if (!last) return t('messages.no-messages');
  const text = last.messageType === 'attachment' && !last.message ? t('messages.attachment') : last.message;
  return last.senderType === 'user' ? `${t('messages.you')}${text}` : text;
}

function ConversationItem({ row }: { row: ConversationRow }) {
  const archived = row.type === 'archive';
  const name = row.profile.username || '…';
  return (
    <li className={row.unread > 0 ? 'conversation-item is-unread' : 'conversation-item'}>
      <Link to="/messages/chat/$conversationId" params={{ conversationId: row._id }} className="conversation-item__link">
        <Avatar src={row.profile.avatar} name={name} size={52} />
        <span className="conversation-item__text">
          <span className="conversation-item__top">
            <span className="conversation-item__name">{name}</span>
            <time className="conversation-item__time" dateTime={row.sortDate}>
              {shortTime(row.sortDate)}
            </time>
          </span>
          <span className="conversation-item__bottom">
            <span className={row.lastMessage?.status === 'failed' ? 'conversation-item__preview is-failed' : 'conversation-item__preview'}>
              {row.lastMessage?.status === 'failed' ? `${t('chat.failed')} · ` : ''}
              <EmojiText text={preview(row)} />
            </span>
            {row.unread > 0 && (
              <span className="count-badge" aria-label={t('messages.unread', { count: row.unread })}>
                {row.unread}
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="conversation-item__action"
        onClick={() => openPopup(archived ? 'restore-confirmation' : 'archive-confirmation', { conversationId: row._id, username: name })}
      >
        {t(archived ? 'messages.restore-action' : 'messages.archive-action')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </li>
  );
}

function EmptyState({ text }: { text: TextKey }) {
  return (
    <div className="panel messages-empty">
      <p>{t(text)}</p>
      <Link to="/profiles" className="button button--primary">
        {t('messages.browse-profiles')}
      </Link>
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul className="conversation-list" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="conversation-item conversation-item--skeleton" />
      ))}
    </ul>
  );
}

function ConversationList({ rows, empty, title, footer }: { rows: ConversationRow[] | undefined; empty: TextKey; title: string; footer?: ReactNode }) {
  return (
    <section aria-label={title}>
      <h1 className="visually-hidden">{title}</h1>
      {rows === undefined ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <ul className="conversation-list">
          {rows.map((row) => (
            <ConversationItem key={row._id} row={row} />
          ))}
        </ul>
      )}
      {footer}
    </section>
  );
}

const SCOPE_TEXT: Record<ConversationScope, { title: TextKey; empty: TextKey }> = {
  inbox: { title: 'messages.inbox', empty: 'messages.empty-inbox' },
  conversations: { title: 'messages.conversations', empty: 'messages.empty-conversations' },
  archive: { title: 'messages.archive', empty: 'messages.empty-archive' },
};

/** /messages/inbox, /messages/conversations, /messages/archive: docs/product.md#messaging's type rule, newest first. */
export function MessagesTab({ scope }: { scope: ConversationScope }) {
  const all = useConversations();
  const rows = all?.filter((row) => row.type === scope);
  return <ConversationList rows={rows} empty={SCOPE_TEXT[scope].empty} title={t(SCOPE_TEXT[scope].title)} />;
}

function Pager({ base, page, pages }: { base: '/messages/flirts/$page' | '/messages/sent/$page'; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className="messages-pager" aria-label={t('messages.page', { page, pages })}>
      {page > 1 ? (
        <Link to={base} params={{ page: String(page - 1) }} className="button button--ghost">
          {t('messages.previous-page')}
        </Link>
      ) : (
        <span />
      )}
      <span className="muted">{t('messages.page', { page, pages })}</span>
      {page < pages ? (
        <Link to={base} params={{ page: String(page + 1) }} className="button button--ghost">
          {t('messages.next-page')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * /messages/flirts/{page}: conversations the profile opened; /messages/sent/{page}: the member wrote last
 * (waiting for a reply). Archived ones stay in the Archive.
 */
export function FilteredPage({ kind, page }: { kind: 'flirts' | 'sent'; page: number }) {
  const all = useConversations();
  const matching = all?.filter((row) => row.type !== 'archive' && (kind === 'flirts' ? row.firstSender !== null && row.firstSender !== 'user' : row.lastSender === 'user'));
  const pages = Math.max(1, Math.ceil((matching?.length ?? 0) / LIST_PAGE_SIZE));
  const rows = matching?.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
  return (
    <ConversationList
      rows={rows}
      empty={kind === 'flirts' ? 'messages.empty-flirts' : 'messages.empty-sent'}
      title={t(kind === 'flirts' ? 'messages.flirts' : 'messages.sent')}
      footer={<Pager base={kind === 'flirts' ? '/messages/flirts/$page' : '/messages/sent/$page'} page={page} pages={pages} />}
    />
  );
}

/** The unread counts per tab (docs/product.md#data: total, inbox, archive, conversation), from the mirror. */
export function useTabCounts() {
  const all = useConversations();
  return all ? unreadCountsOf(all) : null;
}
