import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { agentClaims } from '../../db/schema/index.js';
import { publishSafely } from '../messaging/events.js';

/** Why a claim ended by someone else's hand (the socket event `claimEnded`). */
export type ClaimEndedReason = 'replied-by-other';

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
  for (const { agentId } of ended) {
    await publishSafely(deps, `agent:${agentId}`, { event: 'claimEnded', conversationId, reason: 'replied-by-other' satisfies ClaimEndedReason });
  }
  return ended.map((e) => e.agentId);
}
