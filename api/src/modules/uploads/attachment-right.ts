import { and, eq, gt } from 'drizzle-orm';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { conversations, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import type { AuthContext } from '../../context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may attach an image as a fictive profile: an admin, or an agent holding the live claim on a
 * conversation with that profile (CONTRACT "Agents": without the live claim and not an admin, 403).
 * The claim is read inline from conversations.claimAgentId / claimExpiryDate because issue D's claim helper
 * did not exist yet when this was written; switch to it once it does.
 */
export async function requireAttachmentRight(deps: AppDeps, auth: Pick<AuthContext, 'type' | 'id' | 'role'>, profileId: string): Promise<void> {
  if (auth.type !== 'agent') throw new ApiError(403, 'forbidden', t('error.forbidden'));
  if (!UUID.test(profileId)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [profile] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.kind, 'fictive')));
  if (!profile) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (auth.role === 'admin') return;
  const [claimed] = await deps.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.profileId, profileId), eq(conversations.claimAgentId, auth.id), gt(conversations.claimExpiryDate, deps.clock.now())))
    .limit(1);
  if (!claimed) throw new ApiError(403, 'claim-required', t('error.forbidden'));
}
