import type { BlockedProfile, ReportBody } from '@sync/contract/safety';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { forgetProfileEverywhere } from '@web/lib/profile-forgotten';
import { getLocalDb } from '@web/local/db';
import { requestPull } from '@web/sync/sync-runtime';

/** POST /api/profile/{id}/block (safety/routes.ts). */
export async function blockProfile(profileId: string): Promise<void> {
  await call(rpc.profile[':id'].block.$post({ param: pathParams({ id: profileId }) }, via({ loader: false })));
  await forgetProfile(profileId);
}

export async function unblockProfile(profileId: string): Promise<void> {
  await call(rpc.profile[':id'].block.$delete({ param: pathParams({ id: profileId }) }, via({ loader: false })));
  requestPull();
}

export async function listBlocks(): Promise<BlockedProfile[]> {
  return (await call(rpc.blocks.$get(undefined, via({ loader: false })))).data;
}

export async function reportProfile(profileId: string, body: ReportBody): Promise<void> {
  await call(rpc.profile[':id'].report.$post({ param: pathParams({ id: profileId }), json: body }, via({ loader: false })));
  if (body.block) await forgetProfile(profileId);
}

/**
 * What this device knows of a profile the member just blocked goes at once: the profile list, the offline copy of
 * the profile, and (through a pull, which turns the blocked conversation into a delete) the conversation.
 */
async function forgetProfile(profileId: string): Promise<void> {
  forgetProfileEverywhere(profileId);
  await getLocalDb()
    .profiles.delete(profileId)
    .catch(() => undefined);
  requestPull();
}
