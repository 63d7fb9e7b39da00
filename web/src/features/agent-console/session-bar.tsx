import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatLockout, AGENT_SOCKET_RETRIES } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { agentCommand } from '@web/features/agent-console/console-runtime';
import { toast } from '@web/ui/toast';
import { ConsoleDialog } from './console-dialog';
import { formatClock, secondsSince, secondsUntil } from './format';
import { useQueueCounts } from './queue-counts';
import { StockCounts } from './stock-counts';
import { useAgentSession, useClaim, useClaimActor, useNow } from './use-agent';

const STATUS_LABEL = {
  offline: 'Offline',
  starting: 'Starting…',
  online: 'Online',
  pausing: 'Pausing…',
  paused: 'On break',
  resuming: 'Resuming…',
  stopping: 'Ending…',
} as const;

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/**
 * The console's always-visible strip: session start/stop and time, break with reason and its time, the
 * break-interval lockout, the stocks, Claim next with the reply countdown, and the socket's state.
 * Shortcuts: Alt+S session, Alt+B break, Alt+N claim next, Alt+R give the claimed conversation back.
 */
export function SessionBar({ onOpenClaim }: { onOpenClaim: (conversationId: string) => void }) {
  const session = useAgentSession();
  const claim = useClaim();
  const claimActor = useClaimActor();
  const counts = useQueueCounts();
  const now = useNow();
  const [endOpen, setEndOpen] = useState(false);
  const [breakOpen, setBreakOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);

  const online = session.status === 'online';
  const paused = session.status === 'paused';
  const active = session.status !== 'offline' && session.status !== 'starting';
  const lockoutLeft = secondsUntil(session.lockoutEndsAt, now);
  // Until a leader tab has the server's state, nothing is offered that the server's state might contradict.
  const busy = !session.ready || ['starting', 'stopping', 'pausing', 'resuming'].includes(session.status);

  const toggleSession = () => {
    if (busy) return;
    if (session.status === 'offline') agentCommand({ command: 'START' });
    else setEndOpen(true);
  };
  const toggleBreak = () => {
    if (paused) return agentCommand({ command: 'RESUME' });
    if (!online) return;
    // The lockout is checked here too, so a follower tab says it without a round trip through the leader.
    if (lockoutLeft > 0) return void toast.error(t('agent.pause-once-per-hour', { time: formatLockout(lockoutLeft * 1000) }));
    setBreakOpen(true);
  };
  const claimNext = () => {
    if (claim.conversationId && claim.phase !== 'lapsed') return onOpenClaim(claim.conversationId);
    if (!online) return void toast.info(t('agent.session-needed'));
    claimActor.send({ type: 'CLAIM' });
  };
  // The key handler is attached once and calls the latest closures.
  const giveBack = () => {
    if (claim.phase === 'reading') claimActor.send({ type: 'GIVE_BACK' });
  };
  const actions = useRef({ toggleSession, toggleBreak, claimNext, giveBack });
  useEffect(() => {
    actions.current = { toggleSession, toggleBreak, claimNext, giveBack };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !isTyping(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        setHelpOpen(true);
        return;
      }
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      const code = event.code;
      if (key === 's' || code === 'KeyS') actions.current.toggleSession();
      else if (key === 'r' || code === 'KeyR') actions.current.giveBack();
      else if (key === 'b' || code === 'KeyB') actions.current.toggleBreak();
      else if (key === 'n' || code === 'KeyN') actions.current.claimNext();
      else return;
      if (!isTyping(event.target) || event.altKey) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const claimed = !!claim.conversationId && claim.phase !== 'lapsed';
  const replyLevel = !claimed ? null : claim.replyLeft <= REPLY_URGENT_S ? 'urgent' : claim.replyLeft <= REPLY_WARN_S ? 'warn' : null;
  useReplyTitle(replyLevel ? claim.replyLeft : null);

  return (
    <section className="ac-bar" aria-label="Session">
      <div className="ac-bar__group" role="group" aria-label="Work session">
        <span className={`ac-status ac-status--${session.status}`} role="status" aria-live="polite">
          <span className="ac-status__dot" aria-hidden="true" />
          {session.ready ? STATUS_LABEL[session.status] : 'Connecting…'}
        </span>
        <span className="ac-timer" aria-label="Session time" title="Session time">
          <span className="ac-timer__label">Session</span>
          <span className="ac-timer__value" data-testid="session-time">
            {formatClock(secondsSince(session.sessionStartedAt, now))}
          </span>
        </span>
        <button type="button" className={`ac-btn ${active ? '' : 'ac-btn--primary'}`} onClick={toggleSession} disabled={busy} aria-keyshortcuts="Alt+S">
          {active ? 'End session' : 'Start session'} <kbd>Alt S</kbd>
        </button>
      </div>

      <div className="ac-bar__group" role="group" aria-label="Break">
        <button type="button" className="ac-btn" onClick={toggleBreak} disabled={!(online || paused)} aria-keyshortcuts="Alt+B">
          {paused ? 'Resume' : 'Break'} <kbd>Alt B</kbd>
        </button>
        {paused && (
          <span className="ac-timer ac-timer--break" aria-label="Break time">
            <span className="ac-timer__label">{session.breakReason || 'Break'}</span>
            <span className="ac-timer__value">{formatClock(secondsSince(session.breakStartedAt, now))}</span>
          </span>
        )}
        <span className={`ac-timer ${lockoutLeft > 0 ? 'ac-timer--locked' : ''}`} aria-label="Next break allowed in" title="One break per hour">
          <span className="ac-timer__label">Next break</span>
          <span className="ac-timer__value" data-testid="break-lockout">
            {lockoutLeft > 0 ? formatLockout(lockoutLeft * 1000) : 'now'}
          </span>
        </span>
      </div>

      <StockCounts counts={counts} className="ac-stocks" label="Stocks" withTotal />

      <div className="ac-bar__group ac-bar__group--claim" role="group" aria-label="Claim">
        <button
          type="button"
          className="ac-btn ac-btn--primary"
          onClick={claimNext}
          disabled={claim.phase === 'claiming' || (!online && !claimed)}
          aria-keyshortcuts="Alt+N"
        >
          {claimed ? 'Open claimed' : claim.phase === 'claiming' ? 'Claiming…' : 'Claim next'} <kbd>Alt N</kbd>
        </button>
        {claimed && (
          <span className={`ac-timer ${replyLevel ? `ac-timer--${replyLevel}` : ''}`} aria-label="Reply time left" role="timer">
            <span className="ac-timer__label">Reply in</span>
            <span className="ac-timer__value" data-testid="reply-left">
              {formatClock(claim.replyLeft)}
            </span>
          </span>
        )}
        {claimed && (
          <button type="button" className="ac-btn" onClick={giveBack} disabled={claim.phase !== 'reading'} aria-keyshortcuts="Alt+R">
            Release claim <kbd>Alt R</kbd>
          </button>
        )}
      </div>

      <ConnectionState />

      <ConsoleDialog open={endOpen} onOpenChange={setEndOpen} title={t('agent.end-session-title')} description={t('agent.end-session-body')}>
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={() => setEndOpen(false)}>
            Keep working
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setEndOpen(false);
              agentCommand({ command: 'STOP' });
            }}
          >
            End session
          </button>
        </div>
      </ConsoleDialog>
      <BreakDialog open={breakOpen} onOpenChange={setBreakOpen} />
      <ConsoleDialog open={helpOpen} onOpenChange={setHelpOpen} title="Keyboard shortcuts">
        <dl className="ac-shortcuts">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </ConsoleDialog>
    </section>
  );
}

/** Every console shortcut, for the `?` overlay. */
const SHORTCUTS = [
  ['Alt S', 'Start or end the session'],
  ['Alt B', 'Take a break, or resume'],
  ['Alt N', 'Claim the next conversation (or open the one you hold)'],
  ['Alt R', 'Release the claimed conversation back to its stock'],
  ['Ctrl Enter', 'Send the reply'],
  ['Ctrl Shift Enter', 'Send the reply and claim the next conversation'],
  ['/ or Ctrl K', 'Insert a canned reply (in the reply box; / at its start)'],
  ['?', 'Show these shortcuts'],
] as const;

/** The reply countdown warns at 60 s (colour, tab title) and again at 30 s (stronger colour). */
const REPLY_WARN_S = 60;
const REPLY_URGENT_S = 30;

/** While the reply is due soon, the tab's title says so: the agent may be looking at another tab or window. */
function useReplyTitle(secondsLeft: number | null) {
  useEffect(() => {
    if (secondsLeft === null) return;
    const original = document.title;
    document.title = t('agent.reply-title', { time: formatClock(secondsLeft), title: original });
    return () => {
      document.title = original;
    };
  }, [secondsLeft]);
}

const BREAK_REASONS = ['Lunch', 'Coffee', 'Restroom', 'Meeting', 'Technical issue'];

function BreakDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('agent.break-reason-required'));
    agentCommand({ command: 'PAUSE', reason: reason.trim() });
    setReason('');
    setError(null);
    onOpenChange(false);
  };
  return (
    <ConsoleDialog open={open} onOpenChange={onOpenChange} title="Take a break" description="One break per hour. Your session time keeps counting.">
      <form className="form-stack" onSubmit={submit} noValidate>
        <div className="ac-reasons" role="group" aria-label="Common reasons">
          {BREAK_REASONS.map((r) => (
            <button key={r} type="button" className={`ac-chip ${reason === r ? 'is-active' : ''}`} onClick={() => setReason(r)} aria-pressed={reason === r}>
              {r}
            </button>
          ))}
        </div>
        <label className="form-field">
          <span className="form-field__label">Reason</span>
          <input
            className="form-input"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'break-reason-error' : undefined}
            autoFocus
          />
          {error && (
            <span className="form-field__error" id="break-reason-error" role="alert">
              {error}
            </span>
          )}
        </label>
        <div className="popup__actions">
          <button type="submit" className="button button--primary">
            Start break
          </button>
        </div>
      </form>
    </ConsoleDialog>
  );
}

function ConnectionState() {
  const session = useAgentSession();
  if (!session.ready) return <span className="ac-conn ac-conn--muted">Connecting…</span>;
  if (!session.isMaster && session.connection === 'open') {
    return (
      <span className="ac-conn" title="Another tab holds the connection and shares the session here">
        Linked tab
      </span>
    );
  }
  if (session.connection === 'open') return <span className="ac-conn ac-conn--ok">Live</span>;
  if (session.connection === 'manual') {
    return (
      <span className="ac-conn ac-conn--bad" role="alert">
        {t('agent.socket-manual')}{' '}
        <button type="button" className="ac-btn ac-btn--small" onClick={() => agentCommand({ command: 'RECONNECT' })}>
          Reconnect
        </button>
      </span>
    );
  }
  if (session.connection === 'waiting') {
    return (
      <span className="ac-conn ac-conn--warn" role="status">
        {t('agent.socket-reconnecting', { attempt: Math.min(session.attempts + 1, AGENT_SOCKET_RETRIES), max: AGENT_SOCKET_RETRIES })}
      </span>
    );
  }
  return <span className="ac-conn ac-conn--muted">Connecting…</span>;
}
