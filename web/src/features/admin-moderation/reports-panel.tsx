import * as Tabs from '@radix-ui/react-tabs';
import { formatDistanceToNowStrict } from 'date-fns';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { reportOutcomeLabels, reportOutcomes, reportReasonLabels, reportStatuses, type ReportItem, type ReportOutcome, type ReportStatus } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import { Avatar } from '@web/ui/avatar';
import { toast } from '@web/ui/toast';
import { fetchReports, REPORTS_PAGE_SIZE, resolveReport } from './reports-api';
import './moderation.css';

type ListState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; items: ReportItem[]; total: number };
const TAB_LABELS: Record<ReportStatus, string> = { open: 'Open', resolved: 'Resolved' };
const OUTCOME_DONE: Record<ReportOutcome, string> = { dismissed: 'Dismissed', warned: 'Warning noted', 'profile-deactivated': 'Profile deactivated' };

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
    toast.success(`${OUTCOME_DONE[item.outcome!]}: ${item.profile.username}`);
  };
  const pages = list.phase === 'ready' ? Math.max(1, Math.ceil(list.total / REPORTS_PAGE_SIZE)) : 1;

  return (
    <div className="mod-page">
      <header className="mod-page__header">
        <h1 className="mod-page__title">{t('moderation.reports-title')}</h1>
        <button type="button" className="mod-button mod-button--plain" onClick={reload} disabled={list.phase === 'loading'}>
          Refresh
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
          <Tabs.List aria-label="Report status" className="mod-tabs__list">
            {reportStatuses.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className="mod-tabs__tab">
                {TAB_LABELS[tab]}
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
                  Try again
                </button>
              </div>
            )}
            {list.phase === 'ready' && list.items.length === 0 && (
              <div className="mod-empty">
                <p>{t('moderation.reports-empty')}</p>
              </div>
            )}
            {list.phase === 'ready' && list.items.length > 0 && (
              <ul className="mod-reports" aria-label={`${TAB_LABELS[status]} reports`}>
                {list.items.map((item) => (
                  <ReportCard key={item._id} item={item} onResolved={resolved} />
                ))}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {pages > 1 && (
        <nav className="mod-pager" aria-label="Report pages">
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
            Previous
          </button>
          <span className="muted">
            {page} / {pages}
          </span>
          <button type="button" className="mod-button mod-button--plain" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
            Next
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
  const when = formatDistanceToNowStrict(new Date(item.createDate), { addSuffix: true });
  return (
    <li className="mod-report" aria-label={`Report on ${item.profile.username}: ${reportReasonLabels[item.reason]}`}>
      <div className="mod-report__who">
        <Avatar src={item.profile.avatar} name={item.profile.username} size={48} />
        <div className="mod-report__names">
          <p className="mod-report__profile">
            {item.profile.username}
            {item.profile.kind === 'fictive' && <span className="mod-tag mod-tag--fictive">fictive</span>}
            {!item.profile.active && <span className="mod-tag">inactive</span>}
          </p>
          <p className="muted mod-report__meta">
            Reported by {item.reporter.username} · <time dateTime={item.createDate}>{when}</time>
          </p>
        </div>
      </div>
      <p className="mod-report__reason">{reportReasonLabels[item.reason]}</p>
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
                aria-label={`${reportOutcomeLabels[outcome]}: ${item.profile.username}`}
              >
                {reportOutcomeLabels[outcome]}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <p className="mod-report__outcome">
          {OUTCOME_DONE[item.outcome!]}
          {item.resolvedBy ? ` by ${item.resolvedBy}` : ''}
          {item.note ? ` — ${item.note}` : ''}
        </p>
      )}
    </li>
  );
}
