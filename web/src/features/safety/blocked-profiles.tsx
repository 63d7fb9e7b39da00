import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedProfile } from '@sync/contract/safety';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { Avatar } from '@web/ui/avatar';
import { toast } from '@web/ui/toast';
import { listBlocks, unblockProfile } from './safety-api';
import './safety.css';

const BLOCKS_KEY = ['safety', 'blocks'] as const;

/** Settings: the profiles the member blocked, each with Unblock. */
export function BlockedProfiles() {
  const queryClient = useQueryClient();
  // Read on each visit (a block made elsewhere shows), as before.
  const list = useQuery({ queryKey: BLOCKS_KEY, queryFn: () => listBlocks(), staleTime: 0, gcTime: 0, retry: false });
  const unblock = useMutation({
    mutationFn: (b: BlockedProfile) => unblockProfile(b.profileId),
    onSuccess: (_, b) => {
      queryClient.setQueryData<BlockedProfile[]>(BLOCKS_KEY, (blocks) => blocks?.filter((x) => x.profileId !== b.profileId));
      toast.success(`${b.username} is unblocked.`);
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : t('error.generic')),
  });
  const busy = unblock.isPending ? unblock.variables.profileId : null;
  const blocks = list.data;
  const failed = list.isError;
  if (failed) return <p className="muted">{t('error.generic')}</p>;
  if (!blocks) return <p className="muted" aria-busy="true">{t('shell.loading')}</p>;
  if (blocks.length === 0) return <p className="muted">{t('settings.blocked-empty')}</p>;
  return (
    <ul className="blocked-list" aria-label={t('settings.blocked-title')}>
      {blocks.map((b) => (
        <li key={b.profileId} className="blocked-list__item">
          <Avatar src={b.avatar} name={b.username} size={40} />
          <span className="blocked-list__name">{b.username}</span>
          <button type="button" className="button button--ghost" onClick={() => unblock.mutate(b)} disabled={busy === b.profileId} aria-label={t('settings.unblock', { username: b.username })}>
            {t('settings.unblock-short')}
          </button>
        </li>
      ))}
    </ul>
  );
}
