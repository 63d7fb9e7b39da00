import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatLockout, AGENT_SOCKET_RETRIES } from '@sync/contract/agents';
import { t } from '@sync/texts';
import { agentCommand } from '@web/features/agent-console/console-runtime';
import { toast } from '@web/ui/toast';
import type { HeldRef } from '@web/machines/agent-console.machine';
import { ConsoleDialog } from './console-dialog';
import { formatClock, secondsSince, secondsUntil } from '@web/lib/format';
import { useQueueCounts } from './queue-counts';
import { StockCounts } from './stock-counts';
import { CLAIM_KEYS } from './claims-list';
import { replyLevel, useAgentSession, useClaimOn, useClaims, useConsoleActor, useHeldClaim } from './use-agent';
import { useNow } from '@web/lib/use-now';

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
 * Shortcuts: Alt+S session, Alt+B break, Alt+N claim next, Alt+R give the open claim back, Alt+1…9 and
 * Alt+↑/↓ switch between held claims. The reply countdown shown is the open claim's, else the one lapsing first.
 */
export function SessionBar({ onOpenClaim, openId }: { onOpenClaim: (conversationId: string) => void; openId: string | null }) {
  const session = useAgentSession();
  const { claims, maxClaims, claiming } = useClaims();
  const consoleActor = useConsoleActor();
  const open = useClaimOn(openId);
  const atCap = maxClaims !== null && claims.length >= maxClaims;
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
    if (!online) return void toast.info(t('agent.session-needed'));
    // At the cap the machine says so without asking the server.
    consoleActor.send({ type: 'CLAIM' });
  };
  const giveBack = () => {
    if (open?.phase === 'reading') consoleActor.send({ type: 'GIVE_BACK', conversationId: open.conversationId });
  };
  /** Alt+number: that claim of the list; Alt+↑/↓: the one before / after the open one (wrapping). */
  const switchTo = (which: number | 'up' | 'down') => {
    if (claims.length === 0) return;
    if (typeof which === 'number') {
      const target = claims[which];
      if (target) onOpenClaim(target.conversationId);
      return;
    }
    const at = claims.findIndex((c) => c.conversationId === openId);
    const step = which === 'down' ? 1 : -1;
    const index = at < 0 ? (which === 'down' ? 0 : claims.length - 1) : (at + step + claims.length) % claims.length;
    onOpenClaim(claims[index]!.conversationId);
  };
  // The key handler is attached once and calls the latest closures.
  const actions = useRef({ toggleSession, toggleBreak, claimNext, giveBack, switchTo });
  useEffect(() => {
    actions.current = { toggleSession, toggleBreak, claimNext, giveBack, switchTo };
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
      else if (key === 'arrowup') actions.current.switchTo('up');
      else if (key === 'arrowdown') actions.current.switchTo('down');
      else if (/^Digit[1-9]$/.test(code) && Number(code.slice(5)) <= CLAIM_KEYS) actions.current.switchTo(Number(code.slice(5)) - 1);
      else return;
      if (!isTyping(event.target) || event.altKey) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const shown = open ? claims.find((c) => c.conversationId === open.conversationId) : claims[0];
  const first = claims[0];

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
          {/* Until the server's state is known, the button offers neither: a reload must not flash "Start session". */}
          {!session.ready ? 'Session…' : active ? 'End session' : 'Start session'} <kbd>Alt S</kbd>
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
        <button type="button" className="ac-btn ac-btn--primary" onClick={claimNext} disabled={claiming || !online || atCap} aria-keyshortcuts="Alt+N">
          {claiming ? 'Claiming…' : 'Claim next'} <kbd>Alt N</kbd>
        </button>
        {claims.length > 0 && (
          <span className="ac-held" data-testid="held-count" title="Conversations you hold, and how many you may hold">
            {claims.length}
            {maxClaims !== null ? `/${maxClaims}` : ''} held
          </span>
        )}
        {shown && <ReplyTimer key={shown.conversationId} held={shown} showName={claims.length > 1} />}
        {first && <ReplyTitle held={first} />}
        {open && (
          <button type="button" className="ac-btn" onClick={giveBack} disabled={open.phase !== 'reading'} aria-keyshortcuts="Alt+R">
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
  ['Alt N', 'Claim the next conversation (while you hold fewer than your maximum)'],
  ['Alt 1 … Alt 9', 'Open the 1st … 9th of your claims'],
  ['Alt ↑ / Alt ↓', 'Open the claim above / below the open one'],
  ['Alt R', 'Release the open claim back to its stock'],
  ['Ctrl Enter', 'Send the reply'],
  ['Ctrl Shift Enter', 'Send the reply and claim the next conversation'],
  ['/ or Ctrl K', 'Insert a canned reply (in the reply box; / at its start)'],
  ['?', 'Show these shortcuts'],
] as const;

/** A held claim's reply countdown in the bar: warns at 60 s (colour) and again at 30 s (stronger colour). */
function ReplyTimer({ held, showName }: { held: HeldRef; showName: boolean }) {
  const claim = useHeldClaim(held.ref);
  const level = replyLevel(claim.replyLeft);
  return (
    <span className={`ac-timer ${level ? `ac-timer--${level}` : ''}`} aria-label="Reply time left" role="timer">
      <span className="ac-timer__label">{showName ? `Reply to ${claim.memberName}` : 'Reply in'}</span>
      <span className="ac-timer__value" data-testid="reply-left">
        {formatClock(claim.replyLeft)}
      </span>
    </span>
  );
}

/** While the first claim to lapse is due soon (60 s), the tab's title says so: the agent may be in another tab or window. */
function ReplyTitle({ held }: { held: HeldRef }) {
  const claim = useHeldClaim(held.ref);
  const secondsLeft = replyLevel(claim.replyLeft) ? claim.replyLeft : null;
  useEffect(() => {
    if (secondsLeft === null) return;
    const original = document.title;
    document.title = t('agent.reply-title', { time: formatClock(secondsLeft), title: original });
    return () => {
      document.title = original;
    };
  }, [secondsLeft]);
  return null;
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
