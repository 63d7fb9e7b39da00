import { t } from '@sync/texts';
import { useSyncStatus } from './sync-status';
import { requestFlush } from './sync-runtime';
import './sync-status-banner.css';

/** Offline or a queue stuck for 30 s: said on every member screen, with a way to push now. */
export function SyncStatusBanner() {
  const status = useSyncStatus();
  if (status.kind === 'ok') return null;
  return (
    <div className={`sync-banner sync-banner--${status.kind}`} role="status" aria-live="polite">
      <span>{t(status.kind === 'offline' ? 'sync.offline' : 'sync.not-syncing', { count: status.waiting })}</span>
      {status.kind === 'stalled' && (
        <button type="button" className="button" onClick={() => requestFlush()}>
          {t('sync.retry-now')}
        </button>
      )}
    </div>
  );
}
