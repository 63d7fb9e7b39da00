/**
 * The tester panel (mock mode only): a drawer opened by a floating button or Alt+Shift+T that plays the other
 * side of the product — profiles replying, the balance changing, the network failing. Every button calls one
 * function of tester-actions.ts, the functions tests call. Its words stay here, not in the texts catalogue:
 * the catalogue ships to members, this panel never does.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { getAuth } from '@web/lib/auth-session';
import { clockOffset, describeSpan, onClockChange } from './clock';
import { networkMock } from './network';
import {
  memberConversations,
  memberCredits,
  moveClock,
  profileReplies,
  profileRepliesLater,
  pushSocketFrame,
  refuseNextPush,
  expireSession,
  resetClock,
  resetToSeed,
  setCredits,
  setLikes,
  setNetwork,
  togglePremium,
  type PushRefusal,
} from './tester-actions';
import './tester-panel.css';

const LATENCIES = [0, 500, 2000, 5000];
const FAILURE_RATES = [0, 0.1, 0.3, 0.5];
const REFUSALS: { value: PushRefusal; label: string }[] = [
  { value: 'no-credits', label: 'No credits' },
  { value: 'server-error', label: 'Server error (500)' },
  { value: 'timeout', label: 'Lost answer (timeout)' },
];

const CLOCK_STEPS: { ms: number; label: string }[] = [
  { ms: 5 * 60_000, label: '+5 min' },
  { ms: 30 * 60_000, label: '+30 min' },
  { ms: 2 * 3_600_000, label: '+2 h' },
];

/** This tab's access token against the moved clock: when it lapses, and whether the client will refresh it. */
function tokenLine(): string {
  const { expiryDate } = getAuth();
  if (expiryDate === null) return 'Access token: none (signed out)';
  const left = expiryDate - Date.now();
  if (left <= 0) return 'Access token: expired';
  return `Access token: expires in ${describeSpan(left)}${left < 50 * 60_000 ? ' (due for a refresh)' : ''}`;
}

/**
 * The clock moved forward, with what it does: shown live while the panel is open (a second's tick redraws the
 * token line as the client refreshes or lapses).
 */
function ClockSection({ run }: { run: (label: string, action: () => unknown) => void }) {
  const [offset, setOffset] = useState(clockOffset);
  const [, redraw] = useState(0);
  useEffect(() => onClockChange(setOffset), []);
  useEffect(() => {
    const timer = setInterval(() => redraw((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby="tester-clock">
      <h3 id="tester-clock">Clock</h3>
      <p className="tester-panel__hint" data-testid="tester-clock-offset">
        {offset === 0 ? 'Real time' : `Moved ${describeSpan(offset)} ahead`} · {new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
      </p>
      <p className="tester-panel__hint">{tokenLine()}</p>
      <div className="tester-panel__row tester-panel__row--wrap">
        {CLOCK_STEPS.map((step) => (
          <button key={step.ms} type="button" aria-label={`${step.label} on the clock`} onClick={() => run(`Clock moved ${step.label}`, () => moveClock(step.ms))}>
            {step.label}
          </button>
        ))}
        <button type="button" disabled={offset === 0} onClick={() => run('Clock back to real time', resetClock)}>
          Reset clock
        </button>
      </div>
    </section>
  );
}

/** Alt+Shift+T: the key, not the character, since Alt changes the character on some layouts. */
const isToggleKey = (event: KeyboardEvent) => event.altKey && event.shiftKey && event.code === 'KeyT';

/** A count the tester types and applies (credits, likes); anything but a whole number ≥ 0 applies 0. */
function CountSetter({ label, value, onChange, onSet }: { label: string; value: string; onChange: (value: string) => void; onSet: (count: number) => void }) {
  return (
    <div className="tester-panel__row">
      <label>
        {label}
        <input type="number" min={0} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <button type="button" aria-label={`Set ${label.toLowerCase()}`} onClick={() => onSet(Math.max(0, Math.floor(Number(value)) || 0))}>
        Set
      </button>
    </div>
  );
}

/** A select of numbers where 0 reads "none". */
function NumberChoice({ label, value, choices, show, onChange }: { label: string; value: number; choices: number[]; show: (n: number) => string; onChange: (n: number) => void }) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? 'none' : show(n)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TesterPanel({ onReset }: { onReset: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const [conversations, setConversations] = useState(memberConversations);
  const [conversationId, setConversationId] = useState('');
  const [text, setText] = useState('');
  const [credits, setCreditsValue] = useState('0');
  const [likes, setLikesValue] = useState('3');
  const [network, setNetworkState] = useState(networkMock.conditions);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleKey(event)) return;
      event.preventDefault();
      setOpen((value) => !value);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (!open) return;
    setConversations(memberConversations());
    setCreditsValue(String(memberCredits()));
  }, [open]);

  const run = useCallback((label: string, action: () => unknown) => {
    void Promise.resolve()
      .then(action)
      .then(
        () => {
          setStatus(label);
          setConversations(memberConversations());
        },
        (error: unknown) => setStatus(`${label} failed: ${String(error)}`),
      );
  }, []);
  const replyOptions = () => ({ ...(conversationId ? { conversationId } : {}), ...(text.trim() ? { text: text.trim() } : {}) });
  const changeNetwork = (patch: Partial<typeof network>) => setNetworkState({ ...setNetwork(patch) });

  return (
    <>
      <button type="button" className="tester-fab" aria-label="Tester panel (Alt+Shift+T)" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        Tester
      </button>
      {open && (
        <aside className="tester-panel" role="dialog" aria-label="Tester panel">
          <header className="tester-panel__head">
            <h2>Tester panel</h2>
            <button type="button" aria-label="Close the tester panel" onClick={() => setOpen(false)}>
              ✕
            </button>
          </header>

          <section aria-labelledby="tester-reply">
            <h3 id="tester-reply">A profile replies</h3>
            <label>
              Conversation
              <select value={conversationId} onChange={(e) => setConversationId(e.target.value)}>
                <option value="">the newest</option>
                {conversations.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.username}
                    {c.unread > 0 ? ` (${c.unread} unread)` : ''}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Text
              <input value={text} placeholder="a line of their own" onChange={(e) => setText(e.target.value)} />
            </label>
            <div className="tester-panel__row">
              <button type="button" onClick={() => run('Reply sent', () => profileReplies(replyOptions()))}>
                Reply now
              </button>
              <button type="button" onClick={() => run('Reply coming in 10 s', () => profileRepliesLater(10_000, replyOptions()))}>
                Reply in 10 s
              </button>
            </div>
          </section>

          <section aria-labelledby="tester-member">
            <h3 id="tester-member">The member</h3>
            <CountSetter label="Credits" value={credits} onChange={setCreditsValue} onSet={(n) => run(`Credits set to ${n}`, () => setCredits(n))} />
            <CountSetter label="Likes" value={likes} onChange={setLikesValue} onSet={(n) => run(`Likes set to ${n}`, () => setLikes(n))} />
            <button type="button" onClick={() => run('Premium toggled', () => setStatus(togglePremium() ? 'Premium on' : 'Premium off'))}>
              Toggle premium
            </button>
          </section>

          <section aria-labelledby="tester-network">
            <h3 id="tester-network">Network</h3>
            <label className="tester-panel__check">
              <input type="checkbox" checked={network.offline} onChange={(e) => changeNetwork({ offline: e.target.checked })} />
              Offline
            </label>
            <NumberChoice label="Latency" value={network.latencyMs} choices={LATENCIES} show={(ms) => `${ms} ms`} onChange={(latencyMs) => changeNetwork({ latencyMs })} />
            <NumberChoice label="Failures" value={network.failureRate} choices={FAILURE_RATES} show={(rate) => `${rate * 100}% of calls`} onChange={(failureRate) => changeNetwork({ failureRate })} />
            <p className="tester-panel__hint">The next send answers:</p>
            <div className="tester-panel__row tester-panel__row--wrap">
              {REFUSALS.map((refusal) => (
                <button key={refusal.value} type="button" onClick={() => run(`Next push: ${refusal.label}`, () => refuseNextPush(refusal.value))}>
                  {refusal.label}
                </button>
              ))}
            </div>
          </section>

          <section aria-labelledby="tester-socket">
            <h3 id="tester-socket">Socket</h3>
            <div className="tester-panel__row tester-panel__row--wrap">
              <button type="button" onClick={() => run('logout sent', () => pushSocketFrame({ event: 'logout' }))}>
                Send logout
              </button>
              <button type="button" onClick={() => run('unreadMessageCount sent', () => pushSocketFrame({ event: 'unreadMessageCount', count: 9 }))}>
                Unread count 9
              </button>
              <button type="button" onClick={() => run('agentStatusUpdate sent', () => pushSocketFrame({ event: 'agentStatusUpdate', status: 'offline', reason: 'admin' }))}>
                Admin ends the agent's session
              </button>
              <button type="button" onClick={() => run('Session expired', expireSession)}>
                Expire the session
              </button>
            </div>
          </section>

          <ClockSection run={run} />

          <button type="button" className="tester-panel__reset" onClick={() => run('Reset to the seed', async () => {
            await resetToSeed();
            await onReset();
          })}>
            Reset to the seed
          </button>
          <p className="tester-panel__status" role="status">
            {status}
          </p>
        </aside>
      )}
    </>
  );
}

/** Forgets this browser's copy of the old world (signed-in token, local database) and starts again from the seed. */
async function wipeDevice(): Promise<void> {
  localStorage.clear();
  const databases = (await indexedDB.databases?.()) ?? [];
  await Promise.all(databases.map((db) => (db.name ? new Promise((done) => { const req = indexedDB.deleteDatabase(db.name!); req.onsuccess = req.onerror = req.onblocked = done; }) : null)));
  window.location.assign('/sign-in');
}

export function mountTesterPanel(): void {
  const host = document.createElement('div');
  host.id = 'tester-panel';
  document.body.append(host);
  createRoot(host).render(<TesterPanel onReset={wipeDevice} />);
}
