import { useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { AGENT_CONVERSATION_REFRESH_MS, type AgentConversation, type StaffProfile, type StaffUser } from '@sync/contract/agents';
import type { Image } from '@sync/contract/entities';
import type { MessageRecord } from '@sync/contract/messaging';
import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { fetchAgentConversation, profileFavouritesMember, profileViewsMember, sendAgentReply, uploadAttachment } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { getApiBaseUrl } from '@web/lib/runtime-config';
import { EmojiButton } from '@web/ui/emoji/emoji-button';
import { EmojiText } from '@web/ui/emoji/emoji-image';
import { insertIntoBox } from '@web/ui/emoji/insert-at-caret';
import { toast } from '@web/ui/toast';
import { dayKey, dayLabel, formatClock, formatDateTime, formatStamp, secondsUntil } from '@web/lib/format';
import { useAdminReplyGuard } from './admin-reply-guard';
import { peekPrimed, refreshPrimed } from './claimed-views';
import { agentConversationKey } from './conversation-key';
import { MeetUpsPanel } from './meetups-panel';
import { MemosPanel } from './memos-panel';
import { PersonaPanel } from './persona-panel';
import { useSnippetPicker } from './snippets/snippet-picker';
import { useClaimOn, useConsoleActor, useConsoleEvent } from './use-agent';
import { useNow } from '@web/lib/use-now';
import { useLatest } from '@web/lib/use-latest';

addTexts(enAgentConsole);

type Load = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; conversation: AgentConversation };

/**
 * The conversation as staff see it, refreshed every 3 s while the tab is visible; `reload()` on demand (after
 * a write, a 409). A held claim's view came with it (claimed-views.ts): shown at once and fresh for one
 * refresh period, so opening it does not read the same view again. gcTime 0: a view closed is read anew
 * when it opens again, as staff always act on the server's truth.
 */
export function useAgentConversation(id: string) {
  const query = useQuery({
    queryKey: agentConversationKey(id),
    queryFn: async ({ signal }) => {
      const conversation = await fetchAgentConversation(id, signal);
      refreshPrimed(conversation);
      return conversation;
    },
    initialData: () => peekPrimed(id) ?? undefined,
    staleTime: AGENT_CONVERSATION_REFRESH_MS,
    gcTime: 0,
    refetchInterval: AGENT_CONVERSATION_REFRESH_MS,
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  // A failed refresh keeps the view on screen; only a first read that failed shows the error.
  const load: Load = query.data
    ? { phase: 'ready', conversation: query.data }
    : query.isError
      ? { phase: 'error', message: query.error instanceof ApiError ? query.error.message : t('agent.error') }
      : { phase: 'loading' };
  return { load, reload };
}

function imageUrl(image: Image, size: 'small' | 'medium' = 'small'): string | undefined {
  return image[size] ?? image.medium ?? image.small ?? image.original;
}

function attachmentUrl(id: string): string {
  return `${getApiBaseUrl().replace(/\/+$/, '')}/attachment/${encodeURIComponent(id)}/medium`;
}

function Photos({ images, name }: { images: Image[]; name: string }) {
  if (images.length === 0) return <p className="ac-empty">{t('agent-console.no-photos')}</p>;
  return (
    <ul className="ac-photos" aria-label={t('agent-console.photos-of', { name })}>
      {images.map((image, index) => {
        const src = imageUrl(image, index === 0 ? 'medium' : 'small');
        return (
          <li key={image._id}>
            {src ? (
              <a href={image.large ?? image.original ?? src} target="_blank" rel="noreferrer">
                <img src={src} alt={t('agent-console.photo-alt', { name, number: index + 1 })} loading="lazy" />
              </a>
            ) : (
              <span className="ac-photos__none">{image.type}</span>
            )}
            {image.under_moderation && <span className="ac-tag ac-tag--warn">{t('agent-console.pending')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function place(location: Record<string, unknown>): string {
  return [location.city, location.state, location.country].filter((v) => typeof v === 'string' && v).join(', ') || '—';
}

function PersonCard({ kind, person }: { kind: 'member' | 'profile'; person: StaffUser | StaffProfile }) {
  const member = kind === 'member' ? (person as StaffUser) : null;
  return (
    <section className={`ac-card ac-person ac-person--${kind}`} aria-label={t(kind === 'member' ? 'agent-console.member-named' : 'agent-console.profile-named', { name: person.username })}>
      <h3 className="ac-card__title">
        <span className="ac-person__kind">{t(kind === 'member' ? 'agent-console.member' : 'agent-console.fictive-profile')}</span> {person.username}
        {member?.isPremium && <span className="ac-tag ac-tag--vip">VIP</span>}
      </h3>
      <dl className="ac-facts">
        <div>
          <dt>{t('agent-console.age')}</dt>
          <dd>
            {person.age} ({person.birthday})
          </dd>
        </div>
        <div>
          <dt>{t('agent-console.gender')}</dt>
          <dd>{person.gender}</dd>
        </div>
        <div>
          <dt>{t('agent-console.location')}</dt>
          <dd>{place(person.location)}</dd>
        </div>
        {member && (
          <>
            <div>
              <dt>{t('agent-console.country')}</dt>
              <dd>{member.country}</dd>
            </div>
            <div>
              <dt>{t('agent-console.credits')}</dt>
              <dd>{member.credits}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('agent-console.joined')}</dt>
          <dd>{formatDateTime(person.createDate)}</dd>
        </div>
        <div>
          <dt>{t('agent-console.active')}</dt>
          <dd>{formatDateTime(person.activityDate)}</dd>
        </div>
      </dl>
      {person.aboutMe && <p className="ac-person__about">{person.aboutMe}</p>}
      <Photos images={person.images} name={person.username} />
    </section>
  );
}

function Thread({ messages, highlightAfter, memberName, profileName }: { messages: MessageRecord[]; highlightAfter: string | null; memberName: string; profileName: string }) {
  const ordered = [...messages].sort((a, b) => a.dateSent.localeCompare(b.dateSent));
  const endRef = useRef<HTMLLIElement>(null);
  const last = ordered[ordered.length - 1]?._id;
  // Layout effects here and below: scrolled before the frame is painted, and the refs current before the next key.
  useLayoutEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  const cutoff = highlightAfter ? ordered.findIndex((m) => m._id === highlightAfter) : -1;
  return (
    <ol className="ac-thread" aria-label={t('agent-console.messages')}>
      {ordered.length === 0 && <li className="ac-empty">{t('agent-console.no-messages')}</li>}
      {ordered.map((m, index) => {
        const fromMember = m.senderType === 'user';
        const isNew = cutoff >= 0 && index > cutoff && fromMember;
        // A divider opens each day, so a time is never read without its date.
        const newDay = index === 0 || dayKey(ordered[index - 1]!.dateSent) !== dayKey(m.dateSent);
        return (
          <Fragment key={m._id}>
            {newDay && (
              <li className="ac-day">
                <time dateTime={m.dateSent}>{dayLabel(m.dateSent)}</time>
              </li>
            )}
            <li className={`ac-msg ${fromMember ? 'ac-msg--member' : 'ac-msg--profile'} ${isNew ? 'ac-msg--new' : ''}`}>
              <span className="ac-msg__who">
                {fromMember ? memberName : m.senderType === 'admin' ? t('agent-console.admin-as', { profile: profileName }) : profileName} · <time dateTime={m.dateSent} title={formatDateTime(m.dateSent)}>{formatStamp(m.dateSent)}</time>
                {isNew && <strong className="ac-tag ac-tag--new">{t('agent-console.new')}</strong>}
              </span>
              {m.messageType === 'attachment' && m.attachment ? (
                <img className="ac-msg__image" src={attachmentUrl(m.attachment)} alt={t('agent-console.attachment')} loading="lazy" />
              ) : null}
              {m.message && (
                <p className="ac-msg__text">
                  <EmojiText text={m.message} />
                </p>
              )}
            </li>
          </Fragment>
        );
      })}
      <li ref={endRef} aria-hidden="true" className="ac-thread__end" />
    </ol>
  );
}

export interface ComposerProps {
  profileId: string;
  disabled: boolean;
  sending: boolean;
  onSend: (draft: { messageType: 'text' | 'attachment'; message: string; attachment: string | null }, options: { next: boolean }) => Promise<boolean> | boolean;
  /** Offer Send & next (Ctrl Shift Enter): send, then claim the next conversation. */
  withNext?: boolean;
  label: string;
  /** Put the caret in the reply box (a fresh claim: the agent reads, then types). */
  focus?: boolean;
  /** The names canned replies fill in ({member}, {profile}); without them the composer offers none. */
  names?: { member: string; profile: string };
}

/** Reply as the profile: text, an optional image (POST /api/profile/{id}/upload), Ctrl+Enter sends. */
export function Composer({ profileId, disabled, sending, onSend, label, focus = false, withNext = false, names }: ComposerProps) {
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<{ id: string; name: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const picker = useSnippetPicker({ boxRef, text, setText, names: names ?? { member: '', profile: '' }, disabled: disabled || !names });
  // A layout effect: the box has the focus as the reply opens, before the agent's next click or key can land
  // elsewhere (Preact runs plain effects a frame later).
  useLayoutEffect(() => {
    if (focus && !disabled) boxRef.current?.focus({ preventScroll: true });
  }, [focus, disabled]);

  const send = async (next = false) => {
    if (disabled || sending || uploading) return;
    if (!text.trim() && !attachment) return;
    const ok = await onSend({ messageType: attachment ? 'attachment' : 'text', message: text.trim(), attachment: attachment?.id ?? null }, { next: next && withNext });
    if (ok) {
      setText('');
      setAttachment(null);
    }
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picker.onBoxKeyDown(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send(event.shiftKey);
    }
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const answer = await uploadAttachment(profileId, file);
      const id = answer.images[0]?._id;
      if (id) setAttachment({ id, name: file.name });
    } catch (error) {
      // docs/product.md#errors-and-texts: attachment errors show for 6 s.
      toast.error(error instanceof ApiError ? error.message : t('image-uploader.failed'), { duration: 6000 });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <form
      className="ac-composer"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {picker.popover}
      <textarea
        ref={boxRef}
        className="form-input ac-textarea ac-composer__text"
        aria-label={label}
        placeholder={disabled ? t('agent-console.read-only') : t('agent-console.composer-placeholder', { label })}
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        disabled={disabled}
        aria-keyshortcuts={withNext ? 'Control+Enter Control+Shift+Enter' : 'Control+Enter'}
      />
      <div className="ac-row ac-composer__tools">
        {!disabled && <EmojiButton onPick={(picked) => insertIntoBox(boxRef.current, text, picked.text, setText)} />}
        {picker.button}
        <label className={`ac-btn ac-btn--small ${disabled ? 'is-disabled' : ''}`}>
          {t(uploading ? 'agent-console.uploading' : 'agent-console.attach-image')}
          <input ref={fileRef} type="file" accept="image/jpeg,image/png" className="visually-hidden" disabled={disabled || uploading} onChange={(e) => void pick(e.target.files?.[0])} />
        </label>
        {attachment && (
          <span className="ac-tag">
            {attachment.name}{' '}
            <button type="button" className="ac-link" onClick={() => setAttachment(null)} aria-label={t('agent-console.remove-attachment')}>
              ×
            </button>
          </span>
        )}
        <span className="ac-composer__count muted">{text.length}/2000</span>
        <button type="submit" className="ac-btn ac-btn--primary" disabled={disabled || sending || uploading || (!text.trim() && !attachment)}>
          {t(sending ? 'agent-console.sending' : 'agent-console.send')} <kbd>{t('agent-console.keys-send')}</kbd>
        </button>
        {withNext && (
          <button type="button" className="ac-btn" onClick={() => void send(true)} disabled={disabled || sending || uploading || (!text.trim() && !attachment)}>
            {t('agent-console.send-next')} <kbd>{t('agent-console.keys-send-next')}</kbd>
          </button>
        )}
      </div>
    </form>
  );
}

/** Interests on behalf of the profile: the member then sees the view or the favourite (issue B). */
function ProfileActions({ profile, member }: { profile: StaffProfile; member: StaffUser }) {
  const [busy, setBusy] = useState(false);
  const names = { profile: profile.username, member: member.username };
  const run = async (task: () => Promise<unknown>, done: Parameters<typeof t>[0]) => {
    setBusy(true);
    try {
      await task();
      toast.success(t(done, names));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('agent.error-try-again'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ac-row" role="group" aria-label={t('agent-console.as-profile', { profile: profile.username })}>
      <button type="button" className="ac-btn ac-btn--small" disabled={busy} onClick={() => void run(() => profileViewsMember(profile._id, member._id), 'agent.view-recorded')}>
        {t('agent-console.view-member', { member: member.username })}
      </button>
      <button type="button" className="ac-btn ac-btn--small" disabled={busy} onClick={() => void run(() => profileFavouritesMember(profile._id, member._id), 'agent.favourite-recorded')}>
        {t('agent-console.favourite')}
      </button>
      <button type="button" className="ac-btn ac-btn--small" disabled={busy} onClick={() => void run(() => profileFavouritesMember(profile._id, member._id, true), 'agent.favourite-removed')}>
        {t('agent-console.unfavourite')}
      </button>
    </div>
  );
}

export type ConversationMode = 'claimed' | 'readonly' | 'admin';

/**
 * One conversation, side by side: the member (details, photos, member notes), the thread with the composer,
 * the fictive profile (details, photos, profile notes) and the meet-ups. Staff see originals (nothing masked).
 * `claimed`: the reply goes through the claim machine; `admin`: the admin replies as admin (lookup);
 * `readonly`: the lookup for plain agents.
 */
export function ConversationView({ conversationId, mode, onReplied }: { conversationId: string; mode: ConversationMode; onReplied?: () => void }) {
  const { load, reload } = useAgentConversation(conversationId);
  const claim = useClaimOn(mode === 'claimed' ? conversationId : null);
  const consoleActor = useConsoleActor();
  const [staleNotice, setStaleNotice] = useState<string | null>(null);
  const [adminSending, setAdminSending] = useState(false);
  const replyGuard = useAdminReplyGuard();
  const sendResult = useRef<((ok: boolean) => void) | null>(null);

  const conversation = load.phase === 'ready' ? load.conversation : null;
  const newest = conversation?.messages[0]?._id ?? null;
  const isClaimed = mode === 'claimed' && claim !== null;

  const loadedLast = useLatest(newest);

  // What the agent has on screen is what the reply's lastMessageId says it has read.
  useEffect(() => {
    if (!isClaimed || newest === null) return;
    consoleActor.send({ type: 'LOADED', conversationId, lastMessageId: newest });
  }, [isClaimed, newest, consoleActor, conversationId]);

  // How this conversation's reply went: the composer keeps the draft unless it was sent; a 409 marks the new message.
  useConsoleEvent('replyOutcome', (event) => {
    if (mode !== 'claimed' || event.conversationId !== conversationId) return;
    sendResult.current?.(event.outcome === 'sent');
    sendResult.current = null;
    if (event.outcome === 'failed') return;
    setStaleNotice(event.outcome === 'new-messages' ? loadedLast.current : null);
    void reload();
    if (event.outcome === 'sent') onReplied?.();
  });

  if (load.phase === 'loading') return <p className="ac-loading" role="status">{t('agent-console.loading-conversation')}</p>;
  if (load.phase === 'error') return <p className="ac-error" role="alert">{load.message}</p>;
  const c = load.conversation;

  const sendClaimed = (draft: { messageType: 'text' | 'attachment'; message: string; attachment: string | null }, { next }: { next: boolean }) =>
    new Promise<boolean>((resolve) => {
      sendResult.current = resolve;
      consoleActor.send({ type: 'SEND', conversationId, draft, next });
    });

  const sendAsAdmin = async (draft: { messageType: 'text' | 'attachment'; message: string; attachment: string | null }) => {
    setAdminSending(true);
    try {
      // Someone holds the conversation: the admin confirms ending their claim (the draft stays if not).
      if (!(await replyGuard.guard(c._id, c.claim))) return false;
      await sendAgentReply(c._id, { ...draft, lastMessageId: newest, admin: true });
      toast.success(t('agent.admin-reply-sent'));
      setStaleNotice(null);
      void reload();
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === 'new-messages') {
        toast.error(t('error.new-messages'));
        setStaleNotice(newest);
        void reload();
      } else toast.error(error instanceof ApiError ? error.message : t('agent.error-try-again'));
      return false;
    } finally {
      setAdminSending(false);
    }
  };

  const canWrite = mode === 'admin' || isClaimed;
  const readOnlyNotes = mode === 'readonly';

  return (
    <div className="ac-chat ac-chat--persona">
      <PersonaPanel conversation={c} />
      <div className="ac-chat__member">
        <PersonCard kind="member" person={c.user} />
        <MemosPanel conversationId={c._id} type="user" ownerId={c.user._id} notes={c.userNotes} readOnly={readOnlyNotes} />
      </div>
      <section className="ac-chat__thread ac-card" aria-label={t('agent-console.conversation-between', { member: c.user.username, profile: c.profile.username })}>
        <header className="ac-chat__head">
          <h2 className="ac-chat__title">
            {c.user.username} <span aria-hidden="true">↔</span> {c.profile.username}
          </h2>
          <span className="muted ac-chat__meta">
            {c.domain}
            {c.stock ? t('agent-console.stock-suffix', { stock: c.stock }) : ''}
          </span>
        </header>
        {staleNotice !== null && (
          <p className="ac-notice" role="alert">
            {t('error.new-messages')}
          </p>
        )}
        <Thread messages={c.messages} highlightAfter={staleNotice} memberName={c.user.username} profileName={c.profile.username} />
        {mode === 'claimed' && !isClaimed && <p className="ac-notice ac-notice--muted">{t('agent-console.not-claimed-by-you')}</p>}
        {mode !== 'claimed' && <ClaimHolder claim={c.claim} />}
        {mode === 'admin' && replyGuard.dialog}
        {mode === 'readonly' ? (
          <p className="ac-notice ac-notice--muted">{t('agent-console.lookup-read-only')}</p>
        ) : (
          <Composer
            profileId={c.profile._id}
            disabled={!canWrite}
            sending={mode === 'admin' ? adminSending : claim?.phase === 'replying'}
            onSend={mode === 'admin' ? sendAsAdmin : sendClaimed}
            label={mode === 'admin' ? t('agent-console.reply-as-admin-to', { member: c.user.username }) : t('agent-console.reply-as', { profile: c.profile.username })}
            focus={isClaimed}
            withNext={mode === 'claimed'}
            names={mode === 'claimed' ? { member: c.user.username, profile: c.profile.username } : undefined}
          />
        )}
      </section>
      <div className="ac-chat__profile">
        <PersonCard kind="profile" person={c.profile} />
        {mode !== 'readonly' && <ProfileActions profile={c.profile} member={c.user} />}
        <MemosPanel conversationId={c._id} type="profile" ownerId={c.profile._id} notes={c.profileNotes} readOnly={readOnlyNotes} />
        <MeetUpsPanel conversationId={c._id} meetUps={c.meetUps} readOnly={readOnlyNotes} />
      </div>
    </div>
  );
}

/** In the lookup: who holds the conversation now, and that an admin's reply ends their claim. */
function ClaimHolder({ claim }: { claim: AgentConversation['claim'] }) {
  const now = useNow();
  if (!claim) return null;
  const left = secondsUntil(new Date(claim.expiryTime).getTime(), now);
  if (left <= 0) return null;
  return (
    <p className="ac-notice" data-testid="claim-holder">
      {t('agent.claim-held-by', { agent: claim.agentName || t('agent-console.an-agent-capital'), time: formatClock(left) })}
    </p>
  );
}
