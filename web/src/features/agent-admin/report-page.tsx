import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Report } from '@sync/contract/agents';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t } from '@sync/texts';
import { fetchReport } from '@web/lib/agent-api';
import { ApiError } from '@web/lib/http';
import { STALE } from '@web/lib/query-client';
import { AdminOnly } from './admin-only';

addTexts(enAdmin);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function duration(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.round(ms / 1000);
  if (s < 60) return t('admin.report.seconds', { seconds: s });
  const m = Math.floor(s / 60);
  return m < 60 ? t('admin.report.minutes-seconds', { minutes: m, seconds: s % 60 }) : t('admin.report.hours-minutes', { hours: Math.floor(m / 60), minutes: m % 60 });
}

type State = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; report: Report };

/**
 * /agent/report: per agent, messages sent, reply time median and p90, claims expired, breaks, online time and
 * replies per online hour, for a day range.
 */
export function ReportPage() {
  return (
    <AdminOnly>
      <ReportScreen />
    </AdminOnly>
  );
}

function ReportScreen() {
  const [range, setRange] = useState({ from: day(-6), to: day(0) });
  const [applied, setApplied] = useState(range);
  // Read anew for each range shown (staff act on the server's truth); the last range's figures go while the next is read.
  const read = useQuery({
    queryKey: ['agent', 'report', applied.from, applied.to] as const,
    queryFn: () => fetchReport(applied.from, applied.to),
    staleTime: STALE.live,
    gcTime: 0,
    retry: false,
  });
  const state: State = read.data
    ? { phase: 'ready', report: read.data }
    : read.isError
      ? { phase: 'error', message: read.error instanceof ApiError ? read.error.message : t('agent.error') }
      : { phase: 'loading' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(range);
  };
  return (
    <div className="ac-page">
      <h1 className="ac-page__title">{t('admin.report.title')}</h1>
      <form className="ac-card ac-filters" onSubmit={submit} aria-label={t('admin.report.range')}>
        <label className="form-field">
          <span className="form-field__label">{t('admin.report.from')}</span>
          <input className="form-input" type="date" value={range.from} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} required />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('admin.report.to')}</span>
          <input className="form-input" type="date" value={range.to} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} required />
        </label>
        <div className="ac-filters__actions">
          <button type="submit" className="ac-btn ac-btn--primary">
            {t('admin.report.show')}
          </button>
        </div>
      </form>
      {state.phase === 'error' && (
        <p className="ac-error" role="alert">
          {state.message}
        </p>
      )}
      {/* Wider than a phone: the table scrolls sideways, so its region takes the keyboard focus (arrow keys scroll it). */}
      <div className="ac-card ac-table-wrap" role="region" aria-label={t('admin.report.figures')} tabIndex={0} aria-busy={state.phase === 'loading'}>
        <table className="ac-table">
          <caption className="visually-hidden">{t('admin.report.figures')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.agent')}</th>
              <th scope="col" className="num">{t('admin.report.messages-sent')}</th>
              <th scope="col" className="num">{t('admin.report.reply-median')}</th>
              <th scope="col" className="num">{t('admin.report.reply-p90')}</th>
              <th scope="col" className="num">{t('admin.report.claims')}</th>
              <th scope="col" className="num">{t('admin.report.claims-expired')}</th>
              <th scope="col" className="num">{t('admin.report.breaks')}</th>
              <th scope="col" className="num">{t('admin.report.break-time')}</th>
              <th scope="col" className="num">{t('admin.report.online-time')}</th>
              <th scope="col" className="num">{t('admin.report.replies-per-hour')}</th>
            </tr>
          </thead>
          <tbody>
            {state.phase === 'ready' && state.report.agents.length === 0 && (
              <tr>
                <td colSpan={10} className="ac-empty">
                  {t('admin.report.no-activity')}
                </td>
              </tr>
            )}
            {state.phase === 'ready' &&
              state.report.agents.map((row) => (
                <tr key={row.agentId}>
                  <th scope="row">
                    {row.name}
                    <span className="ac-table__snippet muted">{row.email}</span>
                  </th>
                  <td className="num">{row.messagesSent}</td>
                  <td className="num">{duration(row.replyTimeMedianMs)}</td>
                  <td className="num">{duration(row.replyTimeP90Ms)}</td>
                  <td className="num">{row.claims}</td>
                  <td className="num">{row.claimsExpired}</td>
                  <td className="num">{row.breaks}</td>
                  <td className="num">{duration(row.breakMs)}</td>
                  <td className="num">{duration(row.onlineMs)}</td>
                  <td className="num" title={t('admin.report.replies-per-hour-hint')}>
                    {row.repliesPerHour === null ? '—' : String(row.repliesPerHour)}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
