import { and, desc, eq } from 'drizzle-orm';
import type { BlockedProfile } from '@sync/contract/safety';
import { isUuid } from '@sync/rules/ids';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { conversations, profileBlocks, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { pokeMember } from '../../realtime/publish.js';
import { loadProfileInfo } from '../messaging/serialize.js';
import { lockSpace } from '../messaging/service.js';
import { visibleFictive } from '../profiles/cards.js';
import type { Viewer } from '../profiles/viewer.js';

const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

/**
 * Blocks a profile of the member's brand for this member: one row in profile_blocks, and their conversation with
 * it (if any) flagged blocked in the same transaction. The flag bumps the member's sync version, so every device
 * drops the conversation on its next pull (sync/pull.ts); it also leaves the agents' stock (nobody should answer
 * a member who blocked the profile). Lists filter the profile through profiles/cards.ts `visibleTo`. Blocking
 * twice is the same as once.
 */
export async function blockProfile(deps: AppDeps, viewer: Viewer, profileId: string): Promise<{ profileId: string; blocked: true }> {
  if (!isUuid(profileId)) throw notFound();
  await deps.db.transaction(async (tx) => {
    // The sync space first, as every member write takes it (messaging/service.ts lock order).
    await lockSpace(tx, viewer.userId);
    const [target] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, profileId), visibleFictive(viewer.brandId)))
      .limit(1);
    if (!target) throw notFound();
    await tx
      .insert(profileBlocks)
      .values({ userId: viewer.userId, profileId, createDate: deps.clock.now() })
      .onConflictDoNothing();
    await tx
      .update(conversations)
      .set({ blocked: true, stock: null, stockDate: null, updateDate: deps.clock.now() })
      .where(and(eq(conversations.userId, viewer.userId), eq(conversations.profileId, profileId)));
  });
  // The list's overlay of this member (decision 0042): other processes drop it on the trigger's NOTIFY.
  deps.profileLists.dropViewer(viewer.userId);
  await pokeMember(deps, viewer.userId);
  return { profileId, blocked: true };
}

/** Unblocks: the profile is listed again and the conversation comes back to the member's devices. */
export async function unblockProfile(deps: AppDeps, userId: string, profileId: string): Promise<{ profileId: string; blocked: false }> {
  if (!isUuid(profileId)) throw notFound();
  const removed = await deps.db.transaction(async (tx) => {
    await lockSpace(tx, userId);
    const gone = await tx
      .delete(profileBlocks)
      .where(and(eq(profileBlocks.userId, userId), eq(profileBlocks.profileId, profileId)))
      .returning({ id: profileBlocks.profileId });
    if (gone.length === 0) return false;
    await tx
      .update(conversations)
      .set({ blocked: false, updateDate: deps.clock.now() })
      .where(and(eq(conversations.userId, userId), eq(conversations.profileId, profileId)));
    return true;
  });
  // Only the member's own blocks can be removed: anyone else's (or none) is not found.
  if (!removed) throw notFound();
  deps.profileLists.dropViewer(userId);
  await pokeMember(deps, userId);
  return { profileId, blocked: false };
}

/** The member's blocked profiles, newest first, for the settings page. */
export async function listBlocks(exec: Executor, userId: string): Promise<{ data: BlockedProfile[] }> {
  const rows = await exec
    .select({ profileId: profileBlocks.profileId, createDate: profileBlocks.createDate })
    .from(profileBlocks)
    .where(eq(profileBlocks.userId, userId))
    .orderBy(desc(profileBlocks.createDate), desc(profileBlocks.profileId));
  const info = await loadProfileInfo(
    exec,
    rows.map((r) => r.profileId),
  );
  return {
    data: rows.map((r) => {
      const p = info.get(r.profileId);
      return { profileId: r.profileId, username: p?.summary.username ?? '', avatar: p?.summary.avatar ?? null, blockDate: r.createDate.toISOString() };
    }),
  };
}
