import { and, eq } from 'drizzle-orm';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps, AuthContext } from '../../context.js';
import { agentClaims, conversations, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { heldBy, openClaimsOf } from './claims.js';
import { loadStaff } from './staff.js';

/**
 * Who may attach an image as a fictive profile: an admin, or an agent holding the live claim on a
 * conversation with that profile (docs/api.md#agents: without the live claim and not an admin, 403).
 * The role is read fresh (loadStaff) and the claim rule is the reply's own (heldBy: claim_held_by, which agent_reply refuses by).
 */
export async function requireAttachmentRight(deps: AppDeps, auth: AuthContext, profileId: string): Promise<void> {
  const staff = await loadStaff(deps.db, auth);
  if (!isUuid(profileId)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [profile] = await deps.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.kind, 'fictive')));
  if (!profile) throw new ApiError(404, 'not-found', t('error.not-found'));
  if (staff.isAdmin) return;
  const [held] = await deps.db
    .select({ id: conversations.id })
    .from(agentClaims)
    .innerJoin(conversations, eq(conversations.id, agentClaims.conversationId))
    .where(and(openClaimsOf(staff.id), eq(conversations.profileId, profileId), heldBy(staff.id, deps.clock.now())))
    .limit(1);
  if (!held) throw new ApiError(403, 'claim-required', t('error.forbidden'));
}
