import { Link } from '@tanstack/react-router';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';
import { formatClock, secondsSince } from '@web/lib/format';
import { useQueueCounts } from './queue-counts';
import { StockCounts } from './stock-counts';
import { useAgentSession, useClaims } from './use-agent';
import { useNow } from '@web/lib/use-now';

const SHORTCUTS: [string, string][] = [
  ['Alt S', 'Start or end the session'],
  ['Alt B', 'Take a break / resume'],
  ['Alt N', 'Claim the next conversation'],
  ['Alt 1…9', 'Open one of your claims'],
  ['Ctrl ↵', 'Send the reply'],
];

/** /agent: the console's start page — where the work stands, the stocks in large, and the keys. */
export function ConsolePage() {
  const session = useAgentSession();
  const { claims, maxClaims } = useClaims();
  const counts = useQueueCounts();
  const now = useNow();
  const { token } = useAuth();
  const isAdmin = tokenRole(token) === 'admin';
  return (
    <div className="ac-page">
      <h1 className="ac-page__title">Agent console</h1>
      <div className="ac-overview">
        <section className="ac-card" aria-label="Stocks overview">
          <h2 className="ac-card__title">Waiting in your stocks</h2>
          <StockCounts counts={counts} className="ac-big-stocks" />
          <p className="muted">
            {session.status === 'offline'
              ? 'Start your session to claim conversations.'
              : session.status === 'paused'
                ? 'You are on a break. Resume to claim conversations.'
                : claims.length > 0
                  ? `You hold ${claims.length}${maxClaims !== null ? ` of ${maxClaims}` : ''} conversation${claims.length === 1 ? '' : 's'}: open them from the chat (Alt 1…9).`
                  : 'Claim next takes the longest-waiting conversation of your scope.'}
          </p>
        </section>
        <section className="ac-card" aria-label="Your session">
          <h2 className="ac-card__title">Your session</h2>
          <dl className="ac-facts">
            <div>
              <dt>Status</dt>
              <dd>{session.status}</dd>
            </div>
            <div>
              <dt>Session time</dt>
              <dd>{formatClock(secondsSince(session.sessionStartedAt, now))}</dd>
            </div>
            <div>
              <dt>This tab</dt>
              <dd>{session.isMaster ? 'holds the connection' : 'follows the tab that holds the connection'}</dd>
            </div>
          </dl>
        </section>
        <section className="ac-card" aria-label="Keyboard shortcuts">
          <h2 className="ac-card__title">Keyboard shortcuts</h2>
          <dl className="ac-keys">
            {SHORTCUTS.map(([key, what]) => (
              <div key={key}>
                <dt>
                  <kbd>{key}</kbd>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="ac-card" aria-label="Tools">
          <h2 className="ac-card__title">Tools</h2>
          <ul className="ac-tools">
            <li>
              <Link to="/agent/lookup">Conversation lookup</Link>
            </li>
            {isAdmin && (
              <>
                <li>
                  <Link to="/agent/agents">Agents</Link>
                </li>
                <li>
                  <Link to="/agent/profiles">Fictive profiles</Link>
                </li>
                <li>
                  <Link to="/agent/report">Report</Link>
                </li>
                <li>
                  <Link to="/agent/moderation">Image moderation</Link>
                </li>
              </>
            )}
          </ul>
        </section>
      </div>
    </div>
  );
}
