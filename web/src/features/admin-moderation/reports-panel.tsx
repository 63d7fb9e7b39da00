import * as Tabs from '@radix-ui/react-tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportOutcomes, reportStatuses, type ReportItem, type ReportOutcome, type ReportReason, type ReportStatus } from '@sync/contract/safety';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t, type TextKey } from '@sync/texts';
import { formatTimeAgo } from '@web/lib/format';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import { Avatar } from '@web/ui/avatar';
import { RichText } from '@web/ui/rich-text';
import { toast } from '@web/ui/toast';
import { fetchReports, REPORTS_PAGE_SIZE, resolveReport } from './reports-api';
import './moderation.css';

addTexts(enAdmin);

type ListState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; items: ReportItem[]; total: number };
const TAB_LABELS: Record<ReportStatus, TextKey> = { open: 'admin.reports.tab-open', resolved: 'admin.reports.tab-resolved' };
const LIST_LABELS: Record<ReportStatus, TextKey> = { open: 'admin.reports.list-open', resolved: 'admin.reports.list-resolved' };
const OUTCOME_DONE: Record<ReportOutcome, TextKey> = {
  dismissed: 'admin.reports.done-dismissed',
  warned: 'admin.reports.done-warned',
  'profile-deactivated': 'admin.reports.done-profile-deactivated',
};
const OUTCOME_LABELS: Record<ReportOutcome, TextKey> = {
  dismissed: 'admin.reports.outcome-dismissed',
  warned: 'admin.reports.outcome-warned',
  'profile-deactivated': 'admin.reports.outcome-profile-deactivated',
};
const REASON_LABELS: Record<ReportReason, TextKey> = {
  'fake-profile': 'admin.reports.reason-fake-profile',
  harassment: 'admin.reports.reason-harassment',
  'inappropriate-photos': 'admin.reports.reason-inappropriate-photos',
  'spam-or-scam': 'admin.reports.reason-spam-or-scam',
  underage: 'admin.reports.reason-underage',
  other: 'admin.reports.reason-other',
};

/** Members' reports of profiles (decision 0034): the reason, their words, who reported whom; an admin resolves each. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'reports', status, page] as const;
  const reports = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      try {
        return await fetchReports(status, page, signal);
      } catch (err) {
        if (!(err instanceof ApiError)) console.error(err);
        throw err;
      }
    },
    staleTime: STALE.live,
  });
  const list: ListState = reports.data ? { phase: 'ready', items: reports.data.data, total: reports.data.total } : reports.isError ? { phase: 'error' } : { phase: 'loading' };
  // Refresh and Try again start over (the list goes while it is read), as the screen always did.
  const reload = () => void queryClient.resetQueries({ queryKey });

  const resolved = (item: ReportItem) => {
    queryClient.setQueryData<typeof reports.data>(queryKey, (current) =>
      current
        ? { ...current, data: current.data.filter((x) => x._id !== item._id && !(item.outcome === 'profile-deactivated' && x.profile._id === item.profile._id)), total: current.total - 1 }
        : current,
    );
    toast.success(t('admin.reports.outcome-for', { outcome: t(OUTCOME_DONE[item.outcome!]), username: item.profile.username }));
  };
  const pages = list.phase === 'ready' ? Math.max(1, Math.ceil(list.total / REPORTS_PAGE_SIZE)) : 1;

  return (
    <div className="mod-page">
      <header className="mod-page__header">
        <h1 className="mod-page__title">{t('moderation.reports-title')}</h1>
        <button type="button" className="mod-button mod-button--plain" onClick={reload} disabled={list.phase === 'loading'}>
          {t('admin.refresh')}
        </button>
      </header>
      <Tabs.Root
        value={status}
        onValueChange={(value) => {
          setStatus(value as ReportStatus);
          setPage(1);
        }}
        className="mod-tabs"
      >
        <div className="mod-toolbar">
          <Tabs.List aria-label={t('admin.reports.status')} className="mod-tabs__list">
            {reportStatuses.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className="mod-tabs__tab">
                {t(TAB_LABELS[tab])}
                {tab === status && list.phase === 'ready' && <span className="mod-tabs__count">{list.total}</span>}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </div>
        {reportStatuses.map((tab) => (
          <Tabs.Content key={tab} value={tab} className="mod-tabs__panel" aria-busy={list.phase === 'loading'}>
            {list.phase === 'loading' && <p className="muted">{t('shell.loading')}</p>}
            {list.phase === 'error' && (
              <div className="mod-empty" role="alert">
                <p>{t('error.generic')}</p>
                <button type="button" className="mod-button" onClick={reload}>
                  {t('shell.retry')}
                </button>
              </div>
            )}
            {list.phase === 'ready' && list.items.length === 0 && (
              <div className="mod-empty">
                <p>{t('moderation.reports-empty')}</p>
              </div>
            )}
            {list.phase === 'ready' && list.items.length > 0 && (
              <ul className="mod-reports" aria-label={t(LIST_LABELS[status])}>
                {list.items.map((item) => (
                  <ReportCard key={item._id} item={item} onResolved={resolved} />
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {pages > 1 && (
        <nav className="mod-pager" aria-label={t('admin.reports.pages')}>
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
            {t('admin.reports.previous')}
          </button>
          <span className="muted">
            {page} / {pages}
          </span>
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
            {t('admin.reports.next')}
          </button>
        </nav>
      )}
    </div>
  );
}

function ReportCard({ item, onResolved }: { item: ReportItem; onResolved: (item: ReportItem) => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  const decide = async (outcome: ReportOutcome) => {
    setBusy(true);
    try {
      onResolved(await resolveReport(item._id, outcome, note.trim() || undefined));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t('error.generic'));
      setBusy(false);
    }
  };
  const when = formatTimeAgo(item.createDate);
  return (
    <li className="mod-report" aria-label={t('admin.reports.report-on', { username: item.profile.username, reason: t(REASON_LABELS[item.reason]) })}>
      <div className="mod-report__who">
        <Avatar src={item.profile.avatar} name={item.profile.username} size={48} />
        <div className="mod-report__names">
          <p className="mod-report__profile">
            {item.profile.username}
            {item.profile.kind === 'fictive' && <span className="mod-tag mod-tag--fictive">{t('admin.tag-fictive')}</span>}
            {!item.profile.active && <span className="mod-tag">{t('admin.tag-inactive')}</span>}
          </p>
          <p className="muted mod-report__meta">
            <RichText id="admin.reports.reported-by" values={{ reporter: item.reporter.username, when }} components={{ 0: <time dateTime={item.createDate} /> }} />
          </p>
        </div>
      </div>
      <p className="mod-report__reason">{t(REASON_LABELS[item.reason])}</p>
      {item.details && <blockquote className="mod-report__details">{item.details}</blockquote>}
      {item.status === 'open' ? (
        <div className="mod-report__resolve">
          <label className="visually-hidden" htmlFor={noteId}>
            {t('moderation.report-note')} ({item.profile.username})
          </label>
          <input id={noteId} className="form-input" placeholder={t('moderation.report-note')} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} />
          <div className="mod-report__actions">
            {reportOutcomes.map((outcome) => (
              <button
                key={outcome}
                type="button"
                className={`mod-button${outcome === 'profile-deactivated' ? ' mod-button--reject' : ''}`}
                onClick={() => void decide(outcome)}
                disabled={busy}
                aria-label={t('admin.reports.outcome-for', { outcome: t(OUTCOME_LABELS[outcome]), username: item.profile.username })}
              >
                {t(OUTCOME_LABELS[outcome])}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <p className="mod-report__outcome">
          {item.resolvedBy ? t('admin.reports.resolved-by', { outcome: t(OUTCOME_DONE[item.outcome!]), name: item.resolvedBy }) : t(OUTCOME_DONE[item.outcome!])}
          {item.note ? ` — ${item.note}` : ''}
        </p>
      )}
    </li>
  );
}
