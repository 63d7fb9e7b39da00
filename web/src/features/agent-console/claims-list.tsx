import { addTexts, t, type TextKey } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import { Link } from '@tanstack/react-router';
import type { HeldRef } from '@web/machines/agent-console.machine';
import { formatClock } from '@web/lib/format';
import { replyLevel, useHeldClaim } from './use-agent';

addTexts(enAgentConsole);

/** Alt+1 … Alt+9 open the held claims in the list's order. */
export const CLAIM_KEYS = 9;

const STOCK_LABEL: Record<string, TextKey> = { message: 'agent-console.stock-message', 'follow-up': 'agent-console.stock-follow-up', 'meet-up': 'agent-console.stock-meet-up' };

/**
 * Every conversation the agent holds (the same list in every tab), the one lapsing first on top, each with its
 * own reply countdown warning at 60 s and 30 s; a click or Alt+number opens one, Alt+↑/↓ the one before/after.
 */
export function ClaimsList({ claims, maxClaims, currentId }: { claims: HeldRef[]; maxClaims: number | null; currentId: string | null }) {
  return (
    <nav className="ac-claims ac-card" aria-label={t('agent-console.your-claims')}>
      <h2 className="ac-card__title">
        {t('agent-console.your-claims')}{' '}
        <span className="ac-count" data-testid="claims-count">
          {maxClaims !== null ? t('agent-console.count-of', { count: claims.length, max: maxClaims }) : claims.length}
        </span>
      </h2>
      {claims.length === 0 ? (
        <p className="ac-empty">{t('agent-console.none-held')}</p>
      ) : (
        <ol className="ac-claims__list">
          {claims.map((held, index) => (
            <ClaimItem key={held.conversationId} held={held} index={index} current={held.conversationId === currentId} />
          ))}
        </ol>
      )}
    </nav>
  );
}

function ClaimItem({ held, index, current }: { held: HeldRef; index: number; current: boolean }) {
  const claim = useHeldClaim(held.ref);
  const level = replyLevel(claim.replyLeft);
  const key = index < CLAIM_KEYS ? `Alt+${index + 1}` : undefined;
  return (
    <li>
      <Link
        to="/chat"
        search={{ id: held.conversationId }}
        className={`ac-claims__item ${current ? 'is-current' : ''} ${level ? `ac-claims__item--${level}` : ''}`}
        aria-current={current ? 'page' : undefined}
        aria-keyshortcuts={key}
        data-testid="held-claim"
      >
        <span className="ac-claims__who">{claim.memberName || t('agent-console.member')}</span>
        <span className="ac-claims__meta">
          {t('agent-console.claim-meta', { profile: claim.profileName || t('agent-console.profile-fallback'), stock: STOCK_LABEL[claim.stock] ? t(STOCK_LABEL[claim.stock]!) : claim.stock })}
          {claim.phase === 'replying' ? t('agent-console.claim-sending') : ''}
        </span>
        {key && (
          <kbd className="ac-claims__key" aria-hidden="true">
            {key.replace('+', ' ')}
          </kbd>
        )}
        <span className="ac-claims__left" role="timer" data-testid="claim-left">
          {formatClock(claim.replyLeft)}
        </span>
      </Link>
    </li>
  );
}
