import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { Link } from '@tanstack/react-router';
import { useAuth } from '@web/lib/auth-state';
import { tokenRole } from '@web/lib/token';
import { formatClock, secondsSince } from '@web/lib/format';
import { useQueueCounts } from './queue-counts';
import { StockCounts } from './stock-counts';
import { useAgentSession, useClaims } from './use-agent';
import { useNow } from '@web/lib/use-now';

addTexts(enAgentConsole);

const SHORTCUTS = [
  ['agent-console.keys-alt-s', 'agent-console.shortcut-session'],
  ['agent-console.keys-alt-b', 'agent-console.overview-break'],
  ['agent-console.keys-alt-n', 'agent-console.overview-claim-next'],
  ['agent-console.keys-alt-1-9', 'agent-console.overview-open-claim'],
  ['agent-console.keys-send', 'agent-console.shortcut-send'],
] as const satisfies readonly (readonly [TextKey, TextKey])[];

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
      <h1 className="ac-page__title">{t('agent-console.console-title')}</h1>
      <div className="ac-overview">
        <section className="ac-card" aria-label={t('agent-console.stocks-overview')}>
          <h2 className="ac-card__title">{t('agent-console.waiting-in-stocks')}</h2>
          <StockCounts counts={counts} className="ac-big-stocks" />
          <p className="muted">
            {session.status === 'offline'
              ? t('agent-console.start-to-claim')
              : session.status === 'paused'
                ? t('agent-console.on-break-resume')
                : claims.length > 0
                  ? maxClaims !== null
                    ? t('agent-console.holding-of', { count: claims.length, max: maxClaims })
                    : t('agent-console.holding', { count: claims.length })
                  : t('agent-console.claim-next-explained')}
          </p>
        </section>
        <section className="ac-card" aria-label={t('agent-console.your-session')}>
          <h2 className="ac-card__title">{t('agent-console.your-session')}</h2>
          <dl className="ac-facts">
            <div>
              <dt>{t('agent-console.status')}</dt>
              <dd>{session.status}</dd>
            </div>
            <div>
              <dt>{t('agent-console.session-time')}</dt>
              <dd>{formatClock(secondsSince(session.sessionStartedAt, now))}</dd>
            </div>
            <div>
              <dt>{t('agent-console.this-tab')}</dt>
              <dd>{t(session.isMaster ? 'agent-console.tab-leads' : 'agent-console.tab-follows')}</dd>
            </div>
          </dl>
        </section>
        <section className="ac-card" aria-label={t('agent-console.keyboard-shortcuts')}>
          <h2 className="ac-card__title">{t('agent-console.keyboard-shortcuts')}</h2>
          <dl className="ac-keys">
            {SHORTCUTS.map(([key, what]) => (
              <div key={key}>
                <dt>
                  <kbd>{t(key)}</kbd>
                </dt>
                <dd>{t(what)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="ac-card" aria-label={t('agent-console.tools')}>
          <h2 className="ac-card__title">{t('agent-console.tools')}</h2>
          <ul className="ac-tools">
            <li>
              <Link to="/agent/lookup">{t('agent-console.lookup-title')}</Link>
            </li>
            {isAdmin && (
              <>
                <li>
                  <Link to="/agent/agents">{t('agent-console.agents')}</Link>
                </li>
                <li>
                  <Link to="/agent/profiles">{t('agent-console.fictive-profiles')}</Link>
                </li>
                <li>
                  <Link to="/agent/report">{t('agent-console.report')}</Link>
                </li>
                <li>
                  <Link to="/agent/moderation">{t('agent-console.image-moderation')}</Link>
                </li>
              </>
            )}
          </ul>
        </section>
      </div>
    </div>
  );
}
