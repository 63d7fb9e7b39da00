import { addTexts, t } from '@sync/texts';
import { enAgentConsole } from '@sync/locales/en-agent-console';
import type { QueueCounts } from '@sync/contract/agents';

addTexts(enAgentConsole);

type Props = {
  counts: QueueCounts | null;
  className: string;
  label?: string;
  /** The session bar also shows the total and exposes test ids; the start page shows the three stocks only. */
  withTotal?: boolean;
};

/** The three stocks' waiting counts as a definition list ('–' until the first queue fetch lands). */
export function StockCounts({ counts, className, label, withTotal = false }: Props) {
  return (
    <dl className={className} aria-label={label}>
      <div>
        <dt>{t('agent-console.stock-messages')}</dt>
        <dd data-testid={withTotal ? 'stock-message' : undefined}>{counts?.MessageStock ?? '–'}</dd>
      </div>
      <div>
        <dt>{t('agent-console.stock-follow-up')}</dt>
        <dd>{counts?.FollowUpStock ?? '–'}</dd>
      </div>
      <div>
        <dt>{t('agent-console.stock-meet-up')}</dt>
        <dd>{counts?.MeetUpStock ?? '–'}</dd>
      </div>
      {withTotal && (
        <div className="ac-stocks__total">
          <dt>{t('agent-console.stock-total')}</dt>
          <dd data-testid="stock-total">{counts?.total ?? '–'}</dd>
        </div>
      )}
    </dl>
  );
}
