import { useEffect, useState, type FormEvent } from 'react';
import { formatLockout, AGENT_SOCKET_RETRIES } from '@sync/contract/agents';
import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
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
import { focusOnMount } from '@web/ui/focus-on-mount';
import { useLatest } from '@web/lib/use-latest';

addTexts(enAgentConsole);

const STATUS_LABEL = {
  offline: 'agent-console.status-offline',
  starting: 'agent-console.status-starting',
  online: 'agent-console.status-online',
  pausing: 'agent-console.status-pausing',
  paused: 'agent-console.status-paused',
  resuming: 'agent-console.status-resuming',
  stopping: 'agent-console.status-stopping',
} as const satisfies Record<string, TextKey>;

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
  const actions = useLatest({ toggleSession, toggleBreak, claimNext, giveBack, switchTo });

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
  }, [actions]);

  const shown = open ? claims.find((c) => c.conversationId === open.conversationId) : claims[0];
  const first = claims[0];

  return (
    <section className="ac-bar" aria-label={t('agent-console.session')}>
      <div className="ac-bar__group" role="group" aria-label={t('agent-console.work-session')}>
        <span className={`ac-status ac-status--${session.status}`} role="status" aria-live="polite">
          <span className="ac-status__dot" aria-hidden="true" />
          {t(session.ready ? STATUS_LABEL[session.status] : 'agent-console.connecting')}
        </span>
        <span className="ac-timer" aria-label={t('agent-console.session-time')} title={t('agent-console.session-time')}>
          <span className="ac-timer__label">{t('agent-console.session')}</span>
          <span className="ac-timer__value" data-testid="session-time">
            {formatClock(secondsSince(session.sessionStartedAt, now))}
          </span>
        </span>
        <button type="button" className={`ac-btn ${active ? '' : 'ac-btn--primary'}`} onClick={toggleSession} disabled={busy} aria-keyshortcuts="Alt+S">
          {/* Until the server's state is known, the button offers neither: a reload must not flash "Start session". */}
          {t(!session.ready ? 'agent-console.session-pending' : active ? 'agent-console.end-session' : 'agent-console.start-session')} <kbd>{t('agent-console.keys-alt-s')}</kbd>
        </button>
      </div>

      <div className="ac-bar__group" role="group" aria-label={t('agent-console.break')}>
        <button type="button" className="ac-btn" onClick={toggleBreak} disabled={!(online || paused)} aria-keyshortcuts="Alt+B">
          {t(paused ? 'agent-console.resume' : 'agent-console.break')} <kbd>{t('agent-console.keys-alt-b')}</kbd>
        </button>
        {paused && (
          <span className="ac-timer ac-timer--break" aria-label={t('agent-console.break-time')}>
            <span className="ac-timer__label">{session.breakReason || t('agent-console.break')}</span>
            <span className="ac-timer__value">{formatClock(secondsSince(session.breakStartedAt, now))}</span>
          </span>
        )}
        <span className={`ac-timer ${lockoutLeft > 0 ? 'ac-timer--locked' : ''}`} aria-label={t('agent-console.next-break-in')} title={t('agent-console.one-break-per-hour')}>
          <span className="ac-timer__label">{t('agent-console.next-break')}</span>
          <span className="ac-timer__value" data-testid="break-lockout">
            {lockoutLeft > 0 ? formatLockout(lockoutLeft * 1000) : t('agent-console.now')}
          </span>
        </span>
      </div>

      <StockCounts counts={counts} className="ac-stocks" label={t('agent-console.stocks')} withTotal />

      <div className="ac-bar__group ac-bar__group--claim" role="group" aria-label={t('agent-console.claim')}>
        <button type="button" className="ac-btn ac-btn--primary" onClick={claimNext} disabled={claiming || !online || atCap} aria-keyshortcuts="Alt+N">
          {t(claiming ? 'agent-console.claiming' : 'agent-console.claim-next')} <kbd>{t('agent-console.keys-alt-n')}</kbd>
        </button>
        {claims.length > 0 && (
          <span className="ac-held" data-testid="held-count" title={t('agent-console.held-title')}>
            {maxClaims !== null ? t('agent-console.held-of', { held: claims.length, max: maxClaims }) : t('agent-console.held', { held: claims.length })}
          </span>
        )}
        {shown && <ReplyTimer key={shown.conversationId} held={shown} showName={claims.length > 1} />}
        {first && <ReplyTitle held={first} />}
        {open && (
          <button type="button" className="ac-btn" onClick={giveBack} disabled={open.phase !== 'reading'} aria-keyshortcuts="Alt+R">
            {t('agent-console.release-claim')} <kbd>{t('agent-console.keys-alt-r')}</kbd>
          </button>
        )}
      </div>

      <ConnectionState />

      <ConsoleDialog open={endOpen} onOpenChange={setEndOpen} title={t('agent.end-session-title')} description={t('agent.end-session-body')}>
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={() => setEndOpen(false)}>
            {t('agent-console.keep-working')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setEndOpen(false);
              agentCommand({ command: 'STOP' });
            }}
          >
            {t('agent-console.end-session')}
          </button>
        </div>
      </ConsoleDialog>
      <BreakDialog open={breakOpen} onOpenChange={setBreakOpen} />
      <ConsoleDialog open={helpOpen} onOpenChange={setHelpOpen} title={t('agent-console.keyboard-shortcuts')}>
        <dl className="ac-shortcuts">
          {SHORTCUTS.map(([keys, what]) => (
            <div key={keys}>
              <dt>
                <kbd>{t(keys)}</kbd>
              </dt>
              <dd>{t(what)}</dd>
            </div>
          ))}
        </dl>
      </ConsoleDialog>
    </section>
  );
}

/** Every console shortcut, for the `?` overlay. */
const SHORTCUTS = [
  ['agent-console.keys-alt-s', 'agent-console.shortcut-session'],
  ['agent-console.keys-alt-b', 'agent-console.shortcut-break'],
  ['agent-console.keys-alt-n', 'agent-console.shortcut-claim-next'],
  ['agent-console.keys-alt-digits', 'agent-console.shortcut-open-nth'],
  ['agent-console.keys-alt-arrows', 'agent-console.shortcut-open-adjacent'],
  ['agent-console.keys-alt-r', 'agent-console.shortcut-release'],
  ['agent-console.keys-ctrl-enter', 'agent-console.shortcut-send'],
  ['agent-console.keys-ctrl-shift-enter', 'agent-console.shortcut-send-next'],
  ['agent-console.keys-snippet', 'agent-console.shortcut-snippet'],
  ['agent-console.keys-help', 'agent-console.shortcut-help'],
] as const satisfies readonly (readonly [TextKey, TextKey])[];

/** A held claim's reply countdown in the bar: warns at 60 s (colour) and again at 30 s (stronger colour). */
function ReplyTimer({ held, showName }: { held: HeldRef; showName: boolean }) {
  const claim = useHeldClaim(held.ref);
  const level = replyLevel(claim.replyLeft);
  return (
    <span className={`ac-timer ${level ? `ac-timer--${level}` : ''}`} aria-label={t('agent-console.reply-time-left')} role="timer">
      <span className="ac-timer__label">{showName ? t('agent-console.reply-to', { member: claim.memberName }) : t('agent-console.reply-in')}</span>
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

const BREAK_REASONS = ['agent-console.break-lunch', 'agent-console.break-coffee', 'agent-console.break-restroom', 'agent-console.break-meeting', 'agent-console.break-technical'] as const satisfies readonly TextKey[];

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
    <ConsoleDialog open={open} onOpenChange={onOpenChange} title={t('agent-console.take-break')} description={t('agent-console.break-description')}>
      <form className="form-stack" onSubmit={submit} noValidate>
        <div className="ac-reasons" role="group" aria-label={t('agent-console.common-reasons')}>
          {BREAK_REASONS.map((key) => t(key)).map((r) => (
            <button key={r} type="button" className={`ac-chip ${reason === r ? 'is-active' : ''}`} onClick={() => setReason(r)} aria-pressed={reason === r}>
              {r}
            </button>
          ))}
        </div>
        <label className="form-field">
          <span className="form-field__label">{t('agent-console.reason')}</span>
          <input
            className="form-input"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'break-reason-error' : undefined}
            ref={focusOnMount}
          />
          {error && (
            <span className="form-field__error" id="break-reason-error" role="alert">
              {error}
            </span>
          )}
        </label>
        <div className="popup__actions">
          <button type="submit" className="button button--primary">
            {t('agent-console.start-break')}
          </button>
        </div>
      </form>
    </ConsoleDialog>
  );
}

function ConnectionState() {
  const session = useAgentSession();
  if (!session.ready) return <span className="ac-conn ac-conn--muted">{t('agent-console.connecting')}</span>;
  if (!session.isMaster && session.connection === 'open') {
    return (
      <span className="ac-conn" title={t('agent-console.linked-tab-title')}>
        {t('agent-console.linked-tab')}
      </span>
    );
  }
  if (session.connection === 'open') return <span className="ac-conn ac-conn--ok">{t('agent-console.live')}</span>;
  if (session.connection === 'manual') {
    return (
      <span className="ac-conn ac-conn--bad" role="alert">
        {t('agent.socket-manual')}{' '}
        <button type="button" className="ac-btn ac-btn--small" onClick={() => agentCommand({ command: 'RECONNECT' })}>
          {t('agent-console.reconnect')}
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
  return <span className="ac-conn ac-conn--muted">{t('agent-console.connecting')}</span>;
}
