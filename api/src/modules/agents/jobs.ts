import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Job } from '../../jobs/scheduler.js';
import { agentClaims, conversations, meetUps } from '../../db/schema/index.js';
import { memberPays } from './paying.js';
import { publishBoardChange } from './supervisor-board.js';

const BATCH = 500;

/**
 * Returns lapsed claims to their stock (the stock column never left; the claim columns are cleared) and
 * records them as expired for the report. Rows are taken `FOR UPDATE SKIP LOCKED`, so several API processes
 * and a concurrent reply never touch the same row twice.
 */
export const claimExpiryJob: Job = {
  name: 'agents.claim-expiry',
  everyMs: 5_000,
  async run(deps) {
    const now = deps.clock.now();
    const holders = await deps.db.transaction(async (tx) => {
      // Open claims past their expiry (agent_claims' partial indexes hold only open ones), checked on the
      // conversation, whose claim columns are the truth; each ends by its id (its holder's row).
      const lapsed = await tx
        .select({ id: conversations.id, claimId: agentClaims.id, agentId: agentClaims.agentId })
        .from(agentClaims)
        .innerJoin(conversations, and(eq(conversations.id, agentClaims.conversationId), eq(conversations.claimAgentId, agentClaims.agentId)))
        .where(and(isNull(agentClaims.endDate), lte(agentClaims.expiryDate, now), lte(conversations.claimExpiryDate, now)))
        .limit(BATCH)
        .for('update', { of: conversations, skipLocked: true });
      if (lapsed.length === 0) return [];
      const ids = lapsed.map((r) => r.id);
      await tx
        .update(agentClaims)
        .set({ endDate: now, outcome: 'expired' })
        .where(and(inArray(agentClaims.id, lapsed.map((r) => r.claimId)), isNull(agentClaims.endDate)));
      await tx.update(conversations).set({ claimAgentId: null, claimDate: null, claimExpiryDate: null }).where(inArray(conversations.id, ids));
      return lapsed.map((r) => r.agentId);
    });
    await publishBoardChange(deps, holders, 'expiry');
    return holders.length;
  },
};

/**
 * Puts conversations into the follow-up and meet-up stocks (the message stock is entered by the member's
 * message itself, in messaging/service.ts). Stored rather than computed at claim time, so the claim stays
 * one indexed `FOR UPDATE SKIP LOCKED` pick over a single column (docs/decisions/0011-claim-order.md).
 * A conversation already in a stock keeps it: a waiting member message outranks a follow-up.
 */
export const stockEntryJob: Job = {
  name: 'agents.stock-entry',
  everyMs: 30_000,
  async run(deps) {
    const now = deps.clock.now();
    const { followUpAfterMs, meetUpFollowUpMs } = deps.config.agents;
    return deps.db.transaction(async (tx) => {
      // Meet-ups due for follow-up: each one once (stocked_date), cancelled and archived ones never.
      const due = await tx
        .select({ id: meetUps.id, conversationId: meetUps.conversationId })
        .from(meetUps)
        .where(
          and(
            isNull(meetUps.stockedDate),
            isNull(meetUps.cancelDate),
            eq(meetUps.archived, false),
            lte(meetUps.meetDate, new Date(now.getTime() - meetUpFollowUpMs)),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let n = 0;
      if (due.length) {
        await tx.update(meetUps).set({ stockedDate: now }).where(inArray(meetUps.id, due.map((d) => d.id)));
        const moved = await tx
          .update(conversations)
          .set({ stock: 'meet-up', stockDate: now, stockPaying: memberPays })
          .where(and(inArray(conversations.id, [...new Set(due.map((d) => d.conversationId))]), isNull(conversations.stock)))
          .returning({ id: conversations.id });
        n += moved.length;
      }
      // The profile wrote last and the member has been silent past the configured time.
      const silentSince = new Date(now.getTime() - followUpAfterMs);
      const followUps = await tx
        .update(conversations)
        .set({ stock: 'follow-up', stockDate: now, stockPaying: memberPays })
        .where(
          and(
            isNull(conversations.stock),
            eq(conversations.archived, false),
            isNotNull(conversations.lastProfileMessageDate),
            lte(conversations.lastProfileMessageDate, silentSince),
            sql`(${conversations.lastUserMessageDate} is null or ${conversations.lastUserMessageDate} < ${conversations.lastProfileMessageDate})`,
          ),
        )
        .returning({ id: conversations.id });
      return n + followUps.length;
    });
  },
};

export const agentJobs: Job[] = [claimExpiryJob, stockEntryJob];
