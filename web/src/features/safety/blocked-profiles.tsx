import { useEffect, useState } from 'react';
import type { BlockedProfile } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { Avatar } from '@web/ui/avatar';
import { toast } from '@web/ui/toast';
import { listBlocks, unblockProfile } from './safety-api';
import './safety.css';

/** Settings: the profiles the member blocked, each with Unblock. */
export function BlockedProfiles() {
  const [blocks, setBlocks] = useState<BlockedProfile[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listBlocks()
      .then((list) => live && setBlocks(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  const unblock = async (b: BlockedProfile) => {
    setBusy(b.profileId);
    try {
      await unblockProfile(b.profileId);
      setBlocks((list) => list?.filter((x) => x.profileId !== b.profileId) ?? null);
      toast.success(`${b.username} is unblocked.`);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t('error.generic'));
    } finally {
      setBusy(null);
    }
  };
  if (failed) return <p className="muted">{t('error.generic')}</p>;
  if (!blocks) return <p className="muted" aria-busy="true">{t('shell.loading')}</p>;
  if (blocks.length === 0) return <p className="muted">{t('settings.blocked-empty')}</p>;
  return (
    <ul className="blocked-list" aria-label={t('settings.blocked-title')}>
      {blocks.map((b) => (
        <li key={b.profileId} className="blocked-list__item">
          <Avatar src={b.avatar} name={b.username} size={40} />
          <span className="blocked-list__name">{b.username}</span>
          <button type="button" className="button button--ghost" onClick={() => void unblock(b)} disabled={busy === b.profileId} aria-label={t('settings.unblock', { username: b.username })}>
            {t('settings.unblock-short')}
          </button>
        </li>
      ))}
    </ul>
  );
}
