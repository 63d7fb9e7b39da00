import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t, type TextKey } from '@sync/texts';
import { useAuth } from '@web/lib/auth-state';
import { formatDateTime, formatTimeAgo } from '@web/lib/format';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import { tokenRole } from '@web/lib/token';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';
import { decideImage, fetchModeration, MODERATION_PAGE_SIZE, MODERATION_TABS, type ModerationItem, type ModerationStatus } from './moderation-api';
import { ReportsPanel } from './reports-panel';
import './moderation.css';

addTexts(enAdmin);

type Decision = 'approve' | 'reject';
type ListState = { phase: 'loading' } | { phase: 'error'; forbidden: boolean } | { phase: 'ready'; items: ModerationItem[]; total: number };

const TAB_LABELS: Record<ModerationStatus, TextKey> = { pending: 'admin.moderation.tab-pending', approved: 'admin.moderation.tab-approved', rejected: 'admin.moderation.tab-rejected' };
const EMPTY_TEXT: Record<ModerationStatus, TextKey> = {
  pending: 'admin.moderation.empty-pending',
  approved: 'admin.moderation.empty-approved',
  rejected: 'admin.moderation.empty-rejected',
};
const LIST_LABEL: Record<ModerationStatus, TextKey> = { pending: 'admin.moderation.list-pending', approved: 'admin.moderation.list-approved', rejected: 'admin.moderation.list-rejected' };
const DONE: Record<Decision, TextKey> = { approve: 'admin.moderation.approved-image', reject: 'admin.moderation.rejected-image' };
const FAILED: Record<Decision, TextKey> = { approve: 'admin.moderation.approve-failed', reject: 'admin.moderation.reject-failed' };

/** What a card offers: a pending image either way; a decided one can be turned the other way. */
function decisionsFor(status: ModerationStatus): Decision[] {
  return status === 'pending' ? ['approve', 'reject'] : status === 'approved' ? ['reject'] : ['approve'];
}

const who = (item: ModerationItem) => item.username ?? t('admin.moderation.unknown-profile');

export function NoAccessPanel() {
  return (
    <section className="mod-noaccess panel" aria-labelledby="mod-noaccess-title">
      <p className="mod-noaccess__code" aria-hidden="true">
        403
      </p>
      <h1 id="mod-noaccess-title">{t('admin.only-title')}</h1>
      <p className="muted">{t('admin.moderation.no-access-text')}</p>
    </section>
  );
}

/** Admin image moderation (issue B): approve or reject uploads, fast, by mouse or keyboard. */
export function ModerationPage() {
  const { token } = useAuth();
  if (tokenRole(token) !== 'admin') return <NoAccessPanel />;
  return (
    <Tabs.Root defaultValue="images" className="mod-area">
      <Tabs.List aria-label={t('admin.moderation.area')} className="mod-area__list">
        <Tabs.Trigger value="images" className="mod-tabs__tab">
          {t('moderation.images-title')}
        </Tabs.Trigger>
        <Tabs.Trigger value="reports" className="mod-tabs__tab">
          {t('moderation.reports-title')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="images" className="mod-tabs__panel">
        <ModerationWorkspace />
      </Tabs.Content>
      <Tabs.Content value="reports" className="mod-tabs__panel">
        <ReportsPanel />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ModerationWorkspace() {
  const [status, setStatus] = useState<ModerationStatus>('pending');
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const cards = useRef(new Map<string, HTMLElement>());
  const focusIndex = useRef<number | null>(null);
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ['admin', 'moderation', status, page] as const, [status, page]);
  const images = useQuery({ queryKey, queryFn: ({ signal }) => fetchModeration(status, page, MODERATION_PAGE_SIZE, signal), staleTime: STALE.live });
  const answer = images.data;
  // Decisions elsewhere can leave us past the last page: step back instead of showing an empty one.
  const pastLast = answer !== undefined && answer.data.length === 0 && page > Math.max(1, Math.ceil(answer.total / MODERATION_PAGE_SIZE));
  useEffect(() => {
    if (pastLast) setPage(Math.max(1, Math.ceil(answer.total / MODERATION_PAGE_SIZE)));
  }, [pastLast, answer]);
  const list = useMemo(
    (): ListState =>
      answer && !pastLast
        ? { phase: 'ready', items: answer.data, total: answer.total }
        : images.isError
          ? { phase: 'error', forbidden: images.error instanceof ApiError && images.error.status === 403 }
          : { phase: 'loading' },
    [answer, pastLast, images.isError, images.error],
  );
  // The list as the decision flow changes it: the cache is the one copy the screen renders.
  const setList = useCallback(
    (key: readonly unknown[], next: ListState) => {
      if (next.phase !== 'ready') return;
      queryClient.setQueryData<typeof answer>(key, (current) => (current ? { ...current, data: next.items, total: next.total } : current));
    },
    [queryClient],
  );
  // Refresh (and a page run dry) start over: the list goes while it is read, as the screen always did.
  const [loads, setLoads] = useState(0);
  const reload = useCallback(() => {
    setLoads((n) => n + 1);
    void queryClient.resetQueries({ queryKey });
  }, [queryClient, queryKey]);

  const items = list.phase === 'ready' ? list.items : [];
  const total = list.phase === 'ready' ? list.total : 0;

  // After a card leaves, keep the keyboard where the work is: on the card that took its place. Layout effects here:
  // the focus moves, and the refs below are current, before the moderator's next key (plain effects may run a frame
  // later on Preact).
  useLayoutEffect(() => {
    if (focusIndex.current === null || list.phase !== 'ready') return;
    const target = list.items[Math.min(focusIndex.current, list.items.length - 1)];
    focusIndex.current = null;
    if (target) cards.current.get(target._id)?.focus();
  }, [list]);

  // The latest list for the async decision flow (effects keep it current; renders only read state).
  const listRef = useRef(list);
  const viewRef = useRef('');
  const view = `${status}:${page}:${loads}`;
  useLayoutEffect(() => {
    listRef.current = list;
    viewRef.current = view;
  }, [list, view]);

  const decide = useCallback(async (item: ModerationItem, decision: Decision) => {
    const before = listRef.current;
    if (before.phase !== 'ready') return;
    const index = before.items.findIndex((candidate) => candidate._id === item._id);
    if (index < 0) return;
    const decidedIn = viewRef.current;
    const next: ListState = { phase: 'ready', items: before.items.filter((candidate) => candidate._id !== item._id), total: before.total - 1 };
    listRef.current = next;
    setList(queryKey, next);
    if (document.activeElement && cards.current.get(item._id)?.contains(document.activeElement)) focusIndex.current = index;
    try {
      await decideImage(item._id, decision);
      setAnnouncement(t(DONE[decision], { who: who(item) }));
      const now = listRef.current;
      // The page ran dry while more wait behind it: fetch the next batch.
      if (now.phase === 'ready' && now.items.length === 0 && now.total > 0) reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        toast.info(t('admin.moderation.image-gone', { who: who(item) }));
        return;
      }
      // Put it back where it was, so nothing is lost silently (a list loaded since has it from the server).
      const now = listRef.current;
      if (viewRef.current === decidedIn && now.phase === 'ready' && !now.items.some((candidate) => candidate._id === item._id)) {
        const items = [...now.items];
        items.splice(Math.min(index, items.length), 0, item);
        const restored: ListState = { phase: 'ready', items, total: now.total + 1 };
        listRef.current = restored;
        setList(queryKey, restored);
      }
      const reason = error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : t('error.generic');
      toast.error(t(FAILED[decision], { who: who(item) }), { description: reason });
    }
  }, [queryKey, reload, setList]);

  function onCardKeyDown(event: KeyboardEvent<HTMLElement>, item: ModerationItem, index: number) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const allowed = decisionsFor(status);
    if ((key === 'a' && allowed.includes('approve')) || (key === 'r' && allowed.includes('reject'))) {
      event.preventDefault();
      void decide(item, key === 'a' ? 'approve' : 'reject');
      return;
    }
    const step = key === 'arrowright' || key === 'arrowdown' || key === 'j' ? 1 : key === 'arrowleft' || key === 'arrowup' || key === 'k' ? -1 : 0;
    if (step === 0) return;
    const next = items[index + step];
    if (next) {
      event.preventDefault();
      cards.current.get(next._id)?.focus();
    }
  }

  const pages = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));

  return (
    <div className="mod-page">
      <header className="mod-page__header">
        <h1 className="mod-page__title">{t('admin.moderation.title')}</h1>
        <div className="mod-page__tools">
          <p className="mod-page__keys muted" id="mod-shortcuts">
            <RichText id="admin.moderation.keys" components={{ 0: <kbd />, 1: <kbd />, 2: <kbd />, 3: <kbd /> }} />
          </p>
          <button type="button" className="mod-button mod-button--plain" onClick={reload} disabled={list.phase === 'loading'}>
            {t('admin.refresh')}
          </button>
        </div>
      </header>

      <Tabs.Root
        value={status}
        onValueChange={(value) => {
          setStatus(value as ModerationStatus);
          setPage(1);
        }}
        className="mod-tabs"
      >
        <div className="mod-toolbar">
          <Tabs.List aria-label={t('admin.moderation.image-status')} className="mod-tabs__list">
            {MODERATION_TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className="mod-tabs__tab">
                {t(TAB_LABELS[tab])}
                {tab === status && list.phase === 'ready' && <span className="mod-tabs__count">{total}</span>}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>

        {MODERATION_TABS.map((tab) => (
          <Tabs.Content key={tab} value={tab} className="mod-tabs__panel" aria-busy={list.phase === 'loading'}>
            {tab !== status ? null : list.phase === 'loading' ? (
              <ul className="mod-grid" aria-label={t('admin.moderation.loading-images')}>
                {Array.from({ length: 8 }, (_, i) => (
                  <li key={i} className="mod-card mod-card--skeleton" aria-hidden="true" />
                ))}
              </ul>
            ) : list.phase === 'error' ? (
              list.forbidden ? (
                <NoAccessPanel />
              ) : (
                <div className="mod-empty" role="alert">
                  <p>{t('admin.moderation.load-failed')}</p>
                  <button type="button" className="mod-button" onClick={reload}>
                    {t('shell.retry')}
                  </button>
                </div>
              )
            ) : items.length === 0 ? (
              <div className="mod-empty">
                <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
                <p>{t(EMPTY_TEXT[status])}</p>
              </div>
            ) : (
              <ul className="mod-grid" aria-label={t(LIST_LABEL[status])}>
                {items.map((item, index) => (
                  <ModerationCard
                    key={item._id}
                    item={item}
                    decisions={decisionsFor(status)}
                    register={(el) => {
                      if (el) cards.current.set(item._id, el);
                      else cards.current.delete(item._id);
                    }}
                    onDecide={(decision) => void decide(item, decision)}
                    onKeyDown={(event) => onCardKeyDown(event, item, index)}
                  />
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {list.phase === 'ready' && pages > 1 && (
        <nav className="mod-pager" aria-label={t('admin.moderation.pages')}>
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
            {t('admin.moderation.previous')}
          </button>
          <span className="muted">
            {t('admin.moderation.page-of', { page, pages })}
          </span>
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
            {t('admin.moderation.next')}
          </button>
        </nav>
      )}

      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

interface CardProps {
  item: ModerationItem;
  decisions: Decision[];
  register: (el: HTMLElement | null) => void;
  onDecide: (decision: Decision) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

function ModerationCard({ item, decisions, register, onDecide, onKeyDown }: CardProps) {
  const preview = item.medium ?? item.small ?? item.large ?? item.original;
  const full = item.large ?? item.original ?? preview;
  const created = new Date(item.createDate);
  const valid = !Number.isNaN(created.getTime());
  const label = t(item.type === 'avatar' ? 'admin.moderation.avatar-from' : 'admin.moderation.photo-from', { who: who(item) });
  return (
    <li className="mod-card" ref={register} tabIndex={0} aria-label={label} aria-describedby="mod-shortcuts" aria-keyshortcuts={decisions.map((d) => (d === 'approve' ? 'A' : 'R')).join(' ')} onKeyDown={onKeyDown}>
      <a className="mod-card__media" href={full} target="_blank" rel="noreferrer" tabIndex={-1} aria-label={t('admin.moderation.open-full-size', { label })}>
        {preview ? <img src={preview} alt="" loading="lazy" decoding="async" /> : <span className="muted">{t('admin.moderation.processing')}</span>}
      </a>
      <div className="mod-card__meta">
        <p className="mod-card__who">
          <strong>{who(item)}</strong>
          {/* Members are the usual case; only the exception gets a tag. */}
          {item.profileKind === 'fictive' && <span className="mod-tag mod-tag--fictive">{t('admin.tag-fictive')}</span>}
          {item.type === 'avatar' && <span className="mod-tag">{t('admin.tag-avatar')}</span>}
        </p>
        <p className="mod-card__facts muted">
          <span>
            {item.width}×{item.height}
          </span>
          {valid && (
            <time dateTime={item.createDate} title={formatDateTime(item.createDate)}>
              {formatTimeAgo(created)}
            </time>
          )}
        </p>
      </div>
      <div className="mod-card__actions">
        {decisions.map((decision) => (
          <button key={decision} type="button" className={`mod-button mod-button--${decision}`} onClick={() => onDecide(decision)} aria-label={t(decision === 'approve' ? 'admin.moderation.approve-named' : 'admin.moderation.reject-named', { label })}>
            {decision === 'approve' ? t('admin.moderation.approve') : t('admin.moderation.reject')}
          </button>
        ))}
      </div>
    </li>
  );
}
