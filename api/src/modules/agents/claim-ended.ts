import { and, eq, ne } from 'drizzle-orm';
import type { ClaimEndedEvent, ClaimStartedEvent, ClaimWrapper } from '@sync/contract/agents';
import type { AppDeps } from '../../context.js';
import { agentClaims } from '../../db/schema/index.js';
import { publishSafely } from '../../realtime/publish.js';

type Deps = Pick<AppDeps, 'realtime'>;

/**
 * After a reply by someone who did not hold the claim (an admin), the agent who held it is told at once
 * (socket `claimEnded` to every socket of theirs): their countdown stops and nothing logs them out, as the
 * lapse of a claim they let run out would. agent_reply closed that claim as `released` at the reply's instant.
 * Answers the agents told.
 */
export async function notifyClaimsEndedByReply(deps: Pick<AppDeps, 'db' | 'realtime'>, conversationId: string, replierId: string, at: Date): Promise<string[]> {
  const ended = await deps.db
    .select({ agentId: agentClaims.agentId })
    .from(agentClaims)
    .where(and(eq(agentClaims.conversationId, conversationId), eq(agentClaims.endDate, at), eq(agentClaims.outcome, 'released'), ne(agentClaims.agentId, replierId)));
  for (const { agentId } of ended) await notifyClaimEnded(deps, agentId, conversationId, 'replied-by-other');
  return ended.map((e) => e.agentId);
}

/** A claim of the agent's ended (their reply, their release, someone else's reply): every tab of theirs drops it. */
export function notifyClaimEnded(deps: Deps, agentId: string, conversationId: string, reason: ClaimEndedEvent['reason']) {
  return publishSafely(deps, `agent:${agentId}`, { event: 'claimEnded', conversationId, reason } satisfies ClaimEndedEvent);
}

/** The agent took a claim in one tab: every tab of theirs lists it with its countdown (docs/decisions/0031). */
export function notifyClaimStarted(deps: Deps, agentId: string, wrapper: ClaimWrapper) {
  return publishSafely(deps, `agent:${agentId}`, {
    event: 'claimStarted',
    conversationId: wrapper.conversation._id,
    claimTime: wrapper.claimTime,
    expiryTime: wrapper.expiryTime,
    stock: wrapper.stock,
    memberName: wrapper.conversation.user.username,
    profileName: wrapper.conversation.profile.username,
  } satisfies ClaimStartedEvent);
}
