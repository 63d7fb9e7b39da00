import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AgentStatus, BoardAgent, BoardClaim } from '@sync/contract/agents';
import { enAdmin } from '@sync/locales/en-admin';
import { addTexts, t, type TextKey } from '@sync/texts';
import { formatClock, formatTime, secondsSince, secondsUntil } from '@web/lib/format';
import { useNow } from '@web/lib/use-now';
import { RichText } from '@web/ui/rich-text';
import { AdminOnly } from './admin-only';
import { BOARD_POLL_MS, useSupervisorBoard } from './use-supervisor-board';
import './supervisor-board.css';

addTexts(enAdmin);

const STATUS_LABEL: Record<AgentStatus, TextKey> = { online: 'admin.board.status-online', paused: 'admin.board.status-paused', offline: 'admin.board.status-offline' };

/** A claim's time left turns amber under a minute and red under 30 s, as the agent's own countdown does. */
export function leftTone(seconds: number): 'ok' | 'warn' | 'danger' {
  return seconds <= 30 ? 'danger' : seconds <= 60 ? 'warn' : 'ok';
}

/** Counts for the board's summary line. */
export function boardSummary(agents: BoardAgent[]) {
  return {
    online: agents.filter((a) => a.status === 'online').length,
    paused: agents.filter((a) => a.status === 'paused').length,
    offline: agents.filter((a) => a.status === 'offline').length,
    claims: agents.reduce((n, a) => n + a.claims.length, 0),
  };
}

/**
 * /agent/board: the live supervisor board (admins). `live` is whether the console's socket is open (the route
 * reads it from the agent console), else the board polls.
 */
export function SupervisorBoardPage({ live }: { live: boolean }) {
  return (
    <AdminOnly>
      <BoardScreen live={live} />
    </AdminOnly>
  );
}

function BoardScreen({ live }: { live: boolean }) {
  const { state, refresh } = useSupervisorBoard(live);
  const [hideOffline, setHideOffline] = useState(false);
  const now = useNow() + (state.phase === 'ready' ? state.offsetMs : 0);

  const agents = state.phase === 'ready' ? state.board.agents : [];
  const shown = hideOffline ? agents.filter((a) => a.status !== 'offline') : agents;
  const sum = boardSummary(agents);

  return (
    <div className="ac-page">
      <div className="ac-page__head">
        <h1 className="ac-page__title">{t('admin.board.title')}</h1>
        <span className={live ? 'ac-conn ac-conn--ok' : 'ac-conn ac-conn--muted'} data-testid="board-live">
          {live ? t('admin.board.live') : t('admin.board.polling', { seconds: BOARD_POLL_MS / 1000 })}
        </span>
      </div>
      <div className="ac-card sb-toolbar">
        <p className="sb-summary" aria-live="polite" data-testid="board-summary">
          <span>
            <RichText id="admin.board.sum-online" values={{ count: sum.online }} components={{ 0: <strong /> }} />
          </span>{' '}
          <span>
            <RichText id="admin.board.sum-paused" values={{ count: sum.paused }} components={{ 0: <strong /> }} />
          </span>{' '}
          <span>
            <RichText id="admin.board.sum-offline" values={{ count: sum.offline }} components={{ 0: <strong /> }} />
          </span>{' '}
          <span>
            <RichText id="admin.board.sum-claims" values={{ count: sum.claims }} components={{ 0: <strong /> }} />
          </span>
        </p>
        <label className="sb-toggle">
          <input type="checkbox" checked={hideOffline} onChange={(e) => setHideOffline(e.target.checked)} />
          {t('admin.board.hide-offline')}
        </label>
        <button type="button" className="ac-btn ac-btn--small" onClick={refresh}>
          {t('admin.refresh')}
        </button>
      </div>
      {state.phase === 'error' && (
        <p className="ac-error" role="alert">
          {state.message}
        </p>
      )}
      {state.phase === 'ready' && state.stale && (
        <p className="ac-notice" role="alert">
          {t('admin.board.stale', { reason: state.stale })}
        </p>
      )}
      <div className="ac-card ac-table-wrap sb-wrap" aria-busy={state.phase === 'loading'}>
        <table className="ac-table sb-table">
          <caption className="visually-hidden">{t('admin.board.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.agent')}</th>
              <th scope="col">{t('admin.status')}</th>
              <th scope="col" className="num">
                {t('admin.board.session')}
              </th>
              <th scope="col">{t('admin.board.break')}</th>
              <th scope="col">{t('admin.board.claims-held')}</th>
            </tr>
          </thead>
          <tbody>
            {state.phase === 'loading' && (
              <tr>
                <td colSpan={5} className="ac-empty">
                  {t('admin.board.loading')}
                </td>
              </tr>
            )}
            {state.phase === 'ready' && shown.length === 0 && (
              <tr>
                <td colSpan={5} className="ac-empty">
                  {hideOffline ? t('admin.board.none-active') : t('admin.board.no-agents')}
                </td>
              </tr>
            )}
            {shown.map((a) => (
              <BoardRow key={a.agentId} agent={a} now={now} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function BoardRow({ agent: a, now }: { agent: BoardAgent; now: number }) {
  const sessionStart = a.session ? Date.parse(a.session.startDate) : null;
  const breakStart = a.break ? Date.parse(a.break.startDate) : null;
  return (
    <tr className={`sb-row sb-row--${a.status}`} data-testid={`board-row-${a.agentId}`}>
      <th scope="row" data-label={t('admin.agent')}>
        <span className="sb-name">{a.name}</span>
        {a.role === 'admin' && <span className="ac-tag">{t('admin.tag-admin')}</span>}
        <span className="ac-table__snippet muted">{a.email}</span>
      </th>
      <td data-label={t('admin.status')}>
        <span className={`ac-status ac-status--${a.status}`}>
          <span className="ac-status__dot" aria-hidden="true" />
          {t(STATUS_LABEL[a.status])}
        </span>
        <span className="ac-table__snippet muted">{t('admin.board.since', { time: formatTime(a.statusLastUpdate) })}</span>
      </td>
      <td data-label={t('admin.board.session')} className="num">
        {sessionStart !== null ? (
          <time className="sb-timer" data-testid="board-session" dateTime={a.session!.startDate} title={t('admin.board.started-at', { time: formatTime(a.session!.startDate) })}>
            {formatClock(secondsSince(sessionStart, now))}
          </time>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td data-label={t('admin.board.break')}>
        {a.break && breakStart !== null ? (
          <span className="sb-break">
            <span className="sb-break__reason">{a.break.reason || t('admin.board.no-reason')}</span>
            <time className="sb-timer" data-testid="board-break" dateTime={a.break.startDate}>
              {formatClock(secondsSince(breakStart, now))}
            </time>
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td data-label={t('admin.board.claims-held')}>
        <span className="sb-count" aria-label={t('admin.board.claims-of', { count: a.claims.length, max: a.maxClaims })}>
          {a.claims.length} / {a.maxClaims}
        </span>
        {a.claims.length > 0 && (
          <ul className="sb-claims" aria-label={t('admin.board.claims-held-by', { name: a.name })}>
            {a.claims.map((c) => (
              <ClaimItem key={c.conversationId} claim={c} now={now} />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function ClaimItem({ claim, now }: { claim: BoardClaim; now: number }) {
  // The clock ticks once a second: a board read just now may be newer than it, never show more than the lifetime.
  const lifetime = Math.round((Date.parse(claim.expiryTime) - Date.parse(claim.claimTime)) / 1000);
  const left = Math.min(lifetime, secondsUntil(Date.parse(claim.expiryTime), now));
  return (
    <li className="sb-claim">
      <Link to="/agent/lookup/$conversationId" params={{ conversationId: claim.conversationId }} className="sb-claim__open">
        {claim.member} <span aria-hidden="true">↔</span>
        <span className="visually-hidden"> {t('admin.board.with')} </span> {claim.profile}
      </Link>
      <span className={`sb-left sb-left--${leftTone(left)}`} data-testid="board-claim-left" title={t('admin.board.time-left')}>
        {formatClock(left)}
        <span className="visually-hidden"> {t('admin.board.left')}</span>
      </span>
    </li>
  );
}
