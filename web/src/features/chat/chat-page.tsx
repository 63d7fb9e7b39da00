import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { isToday, isYesterday } from 'date-fns';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES_PER_CHUNK, MESSAGE_COST } from '@sync/contract/messaging';
import { profileOfLocalId } from '@sync/engine/keys';
import { t } from '@sync/texts';
import { formatLongDate, formatTimeOfDay } from '@web/lib/format';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { useUser } from '@web/lib/user-store';
import { getLocalDb, type ConversationRow, type MessageRow } from '@web/local/db';
import { loadOlder, sortConversations, useConversation, useConversations, useThread } from '@web/sync/mirror-queries';
import { discardMessage, mutate, retryMessage } from '@web/sync/sync-runtime';
import { Avatar } from '@web/ui/avatar';
import { openPopup } from '@web/ui/popups/popup-queue';
import { coverImage, imageUrl, type ProfileCardData } from '@web/ui/profile-card/profile-data';
import { attachmentSrc } from './attachments';
import type { SafetyMenuSlot } from '@web/ui/safety-menu-slot';
import { Composer } from './composer';
import './chat.css';
import { EmojiText } from '@web/ui/emoji/emoji-image';

export interface ChatPageProps {
  conversationId: string;
  question?: 'askForCity';
  /** For 'blank' without history state (a reload, a shared link). */
  profileId?: string;
  safetyMenu: SafetyMenuSlot;
}

interface ProfileHeader {
  _id: string;
  username: string;
  avatar: string | null;
  isOnline: boolean;
}

/** What the profile page hands over in history state (features/profiles StartChatState). */
interface StartState {
  profileId?: string;
  profile?: { _id: string; username: string; images?: ProfileCardData['images'] };
}

function profileFromRow(row: Record<string, unknown> | undefined): Partial<ProfileHeader> {
  if (!row) return {};
  const images = Array.isArray(row.images) ? (row.images as ProfileCardData['images']) : [];
  return {
    username: typeof row.username === 'string' ? row.username : undefined,
    avatar: imageUrl(coverImage({ images }), 'small'),
    isOnline: row.isOnline === true,
  };
}

/** The profile of a blank chat: history state first, then the mirror, then GET /api/profile/:id. */
function useBlankProfile(profileId: string | undefined, state: StartState): 'loading' | 'ready' | 'error' {
  const known = useQuery({
    queryKey: ['chat', 'blank-profile', profileId] as const,
    queryFn: async ({ signal }) => {
      const db = getLocalDb();
      const row = await db.profiles.get(profileId!);
      if (row && typeof row.username === 'string') return true;
      const handed = state.profile;
      if (handed && handed._id === profileId) {
        await db.profiles.put({ ...handed, images: handed.images ?? [], cachedAt: Date.now() });
        return true;
      }
      const profile = await call(rpc.profile[':id'].$get({ param: pathParams({ id: profileId! }) }, via({ signal })));
      await db.profiles.put({ ...profile, cachedAt: Date.now() });
      return true;
    },
    enabled: Boolean(profileId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!profileId || known.isError) return 'error';
  return known.isSuccess ? 'ready' : 'loading';
}

function dayLabel(iso: string): string {
  const date = new Date(iso);
  if (isToday(date)) return t('chat.today');
  if (isYesterday(date)) return t('chat.yesterday');
  return formatLongDate(iso);
}

function StatusIcon({ message }: { message: MessageRow }) {
  if (message.status === 'pending')
    return (
      <span className="message__status" title={t('chat.pending')}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{t('chat.pending')}</span>
      </span>
    );
  if (message.status === 'sent')
    return (
      <span className="message__status" title={t('chat.sent')}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="visually-hidden">{t('chat.sent')}</span>
      </span>
    );
  return null;
}

/** A message's photo; a click opens the conversation's photos in the gallery popup. Broken: a placeholder (docs/product.md#errors-and-texts). */
function AttachmentPhoto({ imageId, onOpen }: { imageId: string; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  return (
    <button type="button" className="message__photo" onClick={onOpen} aria-label={t('chat.open-photo')}>
      {broken ? (
        <span className="message__photo-fallback">{t('messages.attachment')}</span>
      ) : (
        <img src={attachmentSrc(imageId, 'medium')} alt={t('messages.attachment')} loading="lazy" onError={() => setBroken(true)} />
      )}
    </button>
  );
}

/** Consecutive messages of the same day, in order; `days[i]` is the day label of `messages[i]`. */
function byDay(messages: MessageRow[], days: string[]): { day: string; messages: MessageRow[] }[] {
  const groups: { day: string; messages: MessageRow[] }[] = [];
  messages.forEach((message, i) => {
    const day = days[i] ?? '';
    const last = groups.at(-1);
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, messages: [message] });
  });
  return groups;
}

function MessageBubble({ message, onOpenPhoto }: { message: MessageRow; onOpenPhoto: (imageId: string) => void }) {
  const own = message.senderType === 'user';
  const failed = message.status === 'failed';
  const photo = message.attachment;
  return (
    <li className={`message ${own ? 'message--own' : 'message--theirs'} message--${message.status}`} data-status={message.status}>
      <div className={`message__bubble${photo ? ' message__bubble--photo' : ''}`}>
        {photo && <AttachmentPhoto imageId={photo} onOpen={() => onOpenPhoto(photo)} />}
        {(message.message || !photo) && (
          <p className="message__text">{message.messageType === 'attachment' && !message.message ? t('messages.attachment') : <EmojiText text={message.message} />}</p>
        )}
        <span className="message__meta">
          <time dateTime={message.date}>{formatTimeOfDay(message.date)}</time>
          {own && <StatusIcon message={message} />}
        </span>
      </div>
      {failed && message.mutationId !== undefined && (
        <div className="message__failed" role="alert">
          <span>
            {t('chat.failed')}
            {message.error?.message ? `: ${message.error.message}` : ''}
          </span>
          <button
            type="button"
            className="message__action"
            onClick={async () => {
              const outcome = await retryMessage(message.mutationId!);
              if (!outcome.ok && outcome.error.code === 'no-credits') openPopup('no-credits', {});
            }}
          >
            {t('chat.retry')}
          </button>
          <button type="button" className="message__action" onClick={() => void discardMessage(message.mutationId!)}>
            {t('chat.discard')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Newest at the bottom, older ones in chunks of 6 on scroll up (from the mirror, then from the API). */
function Thread({ conversation, messages }: { conversation: ConversationRow | null; messages: MessageRow[] }) {
  const [visible, setVisible] = useState(MESSAGES_PER_CHUNK);
  const [serverHasMore, setServerHasMore] = useState(true);
  // Older pages go into the mirror (the sync engine's); the thread reads them from there.
  const older = useMutation({ mutationFn: ({ id, before }: { id: string; before: string | undefined }) => loadOlder(id, before) });
  const loading = older.isPending;
  const scroller = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const stickToBottom = useRef(true);

  const serverId = conversation && !profileOfLocalId(conversation._id) ? conversation._id : null;
  const hasOlder = messages.length > visible || (serverId !== null && serverHasMore && messages.length > 0);
  const shown = messages.slice(Math.max(0, messages.length - visible));
  const newestId = shown.at(-1)?._id;
  const newestStatus = shown.at(-1)?.status;
  const days = shown.map((message) => dayLabel(message.date));
  const openPhoto = (imageId: string) => {
    const photos = messages.flatMap((m) => (m.attachment ? [m.attachment] : []));
    openPopup('attachment-gallery', {
      images: photos.map((id) => ({ src: attachmentSrc(id, 'large'), alt: t('messages.attachment') })),
      index: Math.max(0, photos.indexOf(imageId)),
    });
  };

  const showOlder = async () => {
    if (loading || !hasOlder) return;
    const el = scroller.current;
    // Older ones go in above and the anchor keeps the view where it was; a member at the newest stays there.
    anchor.current = el ? { height: el.scrollHeight, top: el.scrollTop } : null;
    if (messages.length < visible + MESSAGES_PER_CHUNK && serverId && serverHasMore) {
      try {
        setServerHasMore(await older.mutateAsync({ id: serverId, before: messages[0]?._id }));
      } catch {
        // Offline: what the mirror holds is all we can show now.
        setServerHasMore(false);
      }
    }
    setVisible((v) => v + MESSAGES_PER_CHUNK);
  };

  // The member's own send, just pressed: the thread goes to it even when it was scrolled up in the history.
  const lastNewest = useRef(newestId);
  const newestIsOwn = shown.at(-1)?.senderType === 'user';
  useLayoutEffect(() => {
    const ownSendArrived = newestId !== lastNewest.current && newestIsOwn && newestStatus === 'pending';
    lastNewest.current = newestId;
    const el = scroller.current;
    if (!el) return;
    if (ownSendArrived) {
      anchor.current = null;
      stickToBottom.current = true;
    }
    if (anchor.current) {
      // Older messages went in above: keep the ones the member was reading where they were.
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [shown.length, newestId, newestStatus, newestIsOwn]);

  // The box changes size (the composer grows with an upload's progress, the window turns): stay at the newest.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // A short thread that does not fill the screen cannot be scrolled: fetch the next chunk ourselves.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasOlder && !loading && el.scrollHeight <= el.clientHeight + 8) void showOlder();
  });

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 40) void showOlder();
  };

  return (
    <div className="chat__thread" ref={scroller} onScroll={onScroll} aria-live="polite">
      {hasOlder && (
        <button type="button" className="chat__older" onClick={() => void showOlder()} disabled={loading}>
          {loading ? t('chat.loading-older') : t('chat.load-older')}
        </button>
      )}
      {/* One list per day under its date, so the list holds only messages. */}
      <div className="chat__messages">
        {byDay(shown, days).map((group) => (
          <section key={group.messages[0]!._id} className="chat__day-group" aria-label={group.day}>
            <p className="chat__day" aria-hidden="true">
              <span>{group.day}</span>
            </p>
            <ol className="chat__day-messages">
              {group.messages.map((message) => (
                <MessageBubble key={message._id} message={message} onOpenPhoto={openPhoto} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

function ChatHeader({ profile, scope, safetyMenu }: { profile: ProfileHeader; scope: { prev: string; next: string } | null; safetyMenu: SafetyMenuSlot }) {
  const navigate = useNavigate();
  return (
    <header className="chat__header">
      <Link to="/messages" className="icon-button chat__back" aria-label={t('chat.back')}>
        <span aria-hidden="true">‹</span>
      </Link>
      <Link to="/profile/$id" params={{ id: profile._id }} className="chat__profile">
        <span className="chat__avatar">
          <Avatar src={profile.avatar} name={profile.username} size={44} />
          {profile.isOnline && <span className="chat__online" title={t('chat.online')} />}
        </span>
        <span className="chat__who">
          <span className="chat__name">{profile.username}</span>
          <span className="chat__sub">{profile.isOnline ? t('chat.online') : t('chat.view-profile')}</span>
          {profile.isOnline && <span className="visually-hidden"> · {t('chat.view-profile')}</span>}
        </span>
      </Link>
      {scope && (
        <nav className="chat__scope" aria-label={t('messages.tabs-label')}>
          <Link to="/messages/chat/$conversationId" params={{ conversationId: scope.prev }} className="icon-button" aria-label={t('chat.previous')}>
            <span aria-hidden="true">↑</span>
          </Link>
          <Link to="/messages/chat/$conversationId" params={{ conversationId: scope.next }} className="icon-button" aria-label={t('chat.next')}>
            <span aria-hidden="true">↓</span>
          </Link>
        </nav>
      )}
      {safetyMenu({ profileId: profile._id, username: profile.username, onBlocked: () => void navigate({ to: '/messages' }) })}
    </header>
  );
}

/** docs/product.md#messaging: next and previous within the conversation's scope, wrapping around. */
export function neighbours(all: readonly ConversationRow[], current: ConversationRow): { prev: string; next: string } | null {
  const scope = sortConversations(all.filter((row) => row.type === current.type));
  const index = scope.findIndex((row) => row._id === current._id);
  if (index < 0 || scope.length < 2) return null;
  return { prev: scope[(index - 1 + scope.length) % scope.length]!._id, next: scope[(index + 1) % scope.length]!._id };
}

/** /messages/chat/{id}: the thread from the mirror, the composer, read receipts; 'blank' starts one. */
export function ChatPage({ conversationId, question, profileId: searchProfileId, safetyMenu }: ChatPageProps) {
  const navigate = useNavigate();
  const state = useRouterState({ select: (s) => s.location.state as StartState });
  const blank = conversationId === 'blank';
  const blankProfileId = blank ? (state.profileId ?? state.profile?._id ?? searchProfileId) : undefined;
  const blankStatus = useBlankProfile(blankProfileId, state);
  const conversation = useConversation(conversationId, blankProfileId);
  const all = useConversations();
  const profileId = conversation?.profileId ?? blankProfileId;
  const profileRow = useLiveQuery(async () => (profileId ? getLocalDb().profiles.get(profileId) : undefined), [profileId]);
  const messages = useThread(conversation?._id, profileId);
  const synced = useLiveQuery(async () => Boolean(await getLocalDb().meta.get('sync:cursor')), []);
  const { user } = useUser();

  // The server's conversation arrived for a chat started from 'blank': the URL takes its real id.
  useEffect(() => {
    if (blank && conversation && !profileOfLocalId(conversation._id)) {
      void navigate({ to: '/messages/chat/$conversationId', params: { conversationId: conversation._id }, replace: true });
    }
  }, [blank, conversation, navigate]);

  // docs/api.md#endpoints mark-read when opened (and when more arrive while it is open).
  const unread = conversation?.unread ?? 0;
  const openId = conversation?._id;
  useEffect(() => {
    if (openId && unread > 0) void mutate('markRead', { conversationId: openId });
  }, [openId, unread]);

  const header: ProfileHeader | null = useMemo(() => {
    if (!profileId) return null;
    const fromRow = profileFromRow(profileRow as Record<string, unknown> | undefined);
    const username = conversation?.profile.username || fromRow.username || state.profile?.username || '';
    if (!username && !conversation) return null;
    return { _id: profileId, username, avatar: conversation?.profile.avatar ?? fromRow.avatar ?? null, isOnline: fromRow.isOnline ?? false };
  }, [profileId, profileRow, conversation, state.profile]);

  const scope = conversation && all ? neighbours(all, conversation) : null;

  if (!blank && conversation === null) {
    return (
      <section className="panel chat-missing" aria-busy={!synced}>
        <p>{synced ? t('chat.not-found') : t('shell.loading')}</p>
        <Link to="/messages" className="button button--ghost">
          {t('chat.back')}
        </Link>
      </section>
    );
  }
  if (blank && !header) {
    return (
      <section className="panel chat-missing" aria-busy={blankStatus === 'loading'}>
        <p>{blankStatus === 'error' ? t('chat.profile-loading-failed') : t('shell.loading')}</p>
        <Link to="/profiles" className="button button--ghost">
          {t('messages.browse-profiles')}
        </Link>
      </section>
    );
  }
  if (!header || !profileId) return <section className="panel chat-missing" aria-busy="true" />;

  const credits = typeof user?.credits === 'number' ? user.credits : undefined;
  const canSend = (): boolean => {
    if (credits !== undefined && credits < MESSAGE_COST) {
      openPopup('no-credits', {});
      return false;
    }
    return true;
  };
  const sendMessage = async (message: { messageType: 'text' | 'attachment'; message: string; attachment?: string }): Promise<boolean> => {
    if (!canSend()) return false;
    const outcome = await mutate('sendMessage', {
      conversationId: conversation?._id ?? 'blank',
      profileId,
      messageId: crypto.randomUUID(),
      ...message,
    });
    if (!outcome.ok && outcome.error.code === 'no-credits') openPopup('no-credits', {});
    return outcome.ok;
  };
  // Text and photo go as one message, one credit.
  const send = async (text: string, imageId?: string): Promise<boolean> => {
    if (text.trim() === '' && !imageId) return false;
    const message = imageId ? { messageType: 'attachment' as const, message: text.trim() === '' ? '' : text, attachment: imageId } : { messageType: 'text' as const, message: text };
    if (!(await sendMessage(message))) return false;
    await mutate('clearDraft', { profileId });
    return true;
  };

  return (
    <section className="chat" aria-label={header.username}>
      <ChatHeader profile={header} scope={scope} safetyMenu={safetyMenu} />
      {messages && messages.length > 0 ? (
        <Thread conversation={conversation ?? null} messages={messages} />
      ) : (
        <div className="chat__thread chat__thread--empty">
          <p className="muted">{t('chat.start', { username: header.username })}</p>
        </div>
      )}
      <Composer
        profileId={profileId}
        username={header.username}
        credits={credits}
        hint={question === 'askForCity' ? { label: t('chat.ask-for-city', { username: header.username }), text: t('chat.ask-for-city-text') } : undefined}
        onSend={send}
        canSend={canSend}
      />
    </section>
  );
}
