import type { BlockedProfile, ReportBody } from '@sync/contract/safety';
import { api } from '@web/lib/api';
import { getLocalDb } from '@web/local/db';
import { requestPull } from '@web/sync/sync-runtime';
import { profilesList } from '../profiles/profiles-list';

/** POST /api/profile/{id}/block (safety/routes.ts). */
export async function blockProfile(profileId: string): Promise<void> {
  await api.post(`/profile/${encodeURIComponent(profileId)}/block`, {}, { loader: false });
  await forgetProfile(profileId);
}

export async function unblockProfile(profileId: string): Promise<void> {
  await api.delete(`/profile/${encodeURIComponent(profileId)}/block`, { loader: false });
  requestPull();
}

export async function listBlocks(): Promise<BlockedProfile[]> {
  return (await api.get<{ data: BlockedProfile[] }>('/blocks', { loader: false })).data;
}

export async function reportProfile(profileId: string, body: ReportBody): Promise<void> {
  await api.post(`/profile/${encodeURIComponent(profileId)}/report`, body, { loader: false });
  if (body.block) await forgetProfile(profileId);
}

/**
 * What this device knows of a profile the member just blocked goes at once: the profile list, the offline copy of
 * the profile, and (through a pull, which turns the blocked conversation into a delete) the conversation.
 */
async function forgetProfile(profileId: string): Promise<void> {
  profilesList.remove(profileId);
  await getLocalDb()
    .profiles.delete(profileId)
    .catch(() => undefined);
  requestPull();
}
