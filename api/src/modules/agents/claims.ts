import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { CLAIM_LIFETIME_MS, type QueueCounts, type StockKind } from '@sync/contract/agents';
import { t } from '@sync/texts';
import type { Executor } from '../../db/client.js';
import { fromJsonRow, rowsOf } from '../../db/rows.js';
import type { ConversationRow } from '../messaging/serialize.js';
import { agentClaims, agents, brands, conversations, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { inScope, type Staff } from './staff.js';

/** Waiting in a stock and not held by a live claim. */
function waiting(now: Date) {
  return and(isNotNull(conversations.stock), or(isNull(conversations.claimAgentId), lte(conversations.claimExpiryDate, now)));
}

/** GET /api/queue: unclaimed conversations of the staff member's scope, per stock. */
export async function queueCounts(exec: Executor, staff: Staff, now: Date): Promise<QueueCounts> {
  const rows = await exec
    .select({ stock: conversations.stock, n: count() })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(brands, eq(brands.id, conversations.brandId))
    .where(and(waiting(now), inScope(staff)))
    .groupBy(conversations.stock);
  const of = (s: StockKind) => Number(rows.find((r) => r.stock === s)?.n ?? 0);
  const out = { MessageStock: of('message'), FollowUpStock: of('follow-up'), MeetUpStock: of('meet-up') };
  return { ...out, total: out.MessageStock + out.FollowUpStock + out.MeetUpStock };
}

/**
 * The conversation's scope (`COUNTRY-domain`) read per row by correlated subqueries rather than joins: with a
 * join the planner estimated the scope filter at a few rows and sorted the whole stock (10 ms at 10,000
 * conversations); this way it walks the stock index in claim order and stops at the first match (0.2 ms).
 * Qualified by hand: drizzle leaves columns of a one-table select unqualified.
 */
const rowScope = sql<string>`((select u.country from users u where u.id = "conversations"."user_id") || '-' || (select b.domain from brands b where b.id = "conversations"."brand_id"))`;

/** Whole minutes waited (the expression of conversations_stock_wait_idx). */
const waitedMinute = sql`date_trunc('minute', (${conversations.stockDate} at time zone 'UTC'))`;

export interface Claimed {
  conversationId: string;
  stock: StockKind;
  stockDate: Date;
  claimDate: Date;
  claimExpiryDate: Date;
  /** The conversation as the claim left it, and its brand's domain: what the console is answered. */
  conversation: ConversationRow;
  domain: string;
}

/**
 * GET /api/claim: the oldest waiting conversation of the agent's scope (docs/decisions/0011-claim-order.md),
 * claimed for CLAIM_LIFETIME_MS. The agent's row is locked first (the per-agent cap counts right even with
 * two tabs claiming at once); the candidate is locked `FOR UPDATE SKIP LOCKED`, so concurrent agents each
 * take a different row without waiting on one another. Undefined when nothing waits.
 */
export async function claimNext(tx: Executor, agentId: string, now: Date): Promise<Claimed | undefined> {
  const [found] = await tx
    .select({
      me: agents,
      // Qualified by hand: drizzle leaves columns of a one-table select unqualified, which the subquery would capture.
      live: sql<number>`(select count(*) from conversations c where c.claim_agent_id = "agents"."id" and c.claim_expiry_date > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(agents)
    .where(eq(agents.id, agentId))
    .for('update');
  if (!found) throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
  const { me } = found;
  const staff = { isAdmin: me.role === 'admin', scope: me.scope };
  if (!staff.isAdmin && me.status !== 'online') {
    throw new ApiError(409, 'session-not-started', 'Start a session (and end any break) before claiming');
  }
  if (Number(found.live) >= me.maxClaims) {
    throw new ApiError(409, 'claim-limit', `You can hold at most ${me.maxClaims} conversations at once. Reply to one first.`, { maxClaims: me.maxClaims });
  }
  const [candidate] = await tx
    .select({
      id: conversations.id,
      stock: conversations.stock,
      stockDate: conversations.stockDate,
      lapsed: conversations.claimAgentId,
      domain: sql<string>`(select b.domain from brands b where b.id = "conversations"."brand_id")`,
    })
    .from(conversations)
    .where(and(waiting(now), staff.isAdmin ? undefined : staff.scope.length > 0 ? inArray(rowScope, staff.scope) : sql`false`))
    // Exactly the order of conversations_stock_wait_idx (paying members, at stock entry, ahead within a waited
    // minute; NULLS LAST as the index has it), so the scan stops at the first free row in scope instead of sorting.
    .orderBy(asc(waitedMinute), sql`${conversations.stockPaying} desc nulls last`, asc(conversations.stockDate), asc(conversations.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!candidate) return undefined;
  const expiry = new Date(now.getTime() + CLAIM_LIFETIME_MS);
  if (candidate.lapsed) {
    // A claim that lapsed without the job having run yet is closed here as expired.
    await tx
      .update(agentClaims)
      .set({ endDate: now, outcome: 'expired' })
      .where(and(eq(agentClaims.conversationId, candidate.id), isNull(agentClaims.endDate)));
  }
  // The claim and its history row in one statement, answering the claimed conversation (the console's read).
  const [out] = rowsOf<{ conversation: Record<string, unknown> }>(
    await tx.execute(sql`
      with claimed as (
        update ${conversations} set claim_agent_id = ${agentId}::uuid, claim_date = ${now.toISOString()}::timestamptz,
          claim_expiry_date = ${expiry.toISOString()}::timestamptz
        where id = ${candidate.id}::uuid
        returning *
      ),
      history as (
        insert into ${agentClaims} (agent_id, conversation_id, stock, claim_date, expiry_date)
        values (${agentId}::uuid, ${candidate.id}::uuid, ${candidate.stock!}::stock, ${now.toISOString()}::timestamptz, ${expiry.toISOString()}::timestamptz)
      )
      select row_to_json(claimed) as conversation from claimed`),
  );
  return {
    conversationId: candidate.id,
    stock: candidate.stock!,
    stockDate: candidate.stockDate ?? now,
    claimDate: now,
    claimExpiryDate: expiry,
    conversation: fromJsonRow(conversations, out!.conversation),
    domain: candidate.domain,
  };
}

/** The agent's live claims (the console restores them after a reload). */
export async function liveClaims(exec: Executor, agentId: string, now: Date) {
  return exec
    .select({ id: conversations.id, stock: conversations.stock, stockDate: conversations.stockDate, claimDate: conversations.claimDate, claimExpiryDate: conversations.claimExpiryDate })
    .from(conversations)
    .where(and(eq(conversations.claimAgentId, agentId), gt(conversations.claimExpiryDate, now)))
    .orderBy(asc(conversations.claimDate));
}

/** Whether the agent holds the live claim on the conversation (read inside the reply's transaction). */
export function holdsClaim(row: { claimAgentId: string | null; claimExpiryDate: Date | null }, agentId: string, now: Date) {
  return row.claimAgentId === agentId && !!row.claimExpiryDate && row.claimExpiryDate.getTime() > now.getTime();
}

/** Ends the conversation's open claim with the given outcome and clears the claim columns. */
export async function endClaim(tx: Executor, conversationId: string, outcome: 'replied' | 'expired' | 'released', now: Date) {
  await tx
    .update(agentClaims)
    .set({ endDate: now, outcome })
    .where(and(eq(agentClaims.conversationId, conversationId), isNull(agentClaims.endDate)));
  await tx.update(conversations).set({ claimAgentId: null, claimDate: null, claimExpiryDate: null }).where(eq(conversations.id, conversationId));
}

/** Stop (or disconnect): the agent's claims go back to their stock at once. */
export async function releaseAllClaims(tx: Executor, agentId: string, now: Date) {
  const held = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.claimAgentId, agentId));
  for (const h of held) await endClaim(tx, h.id, 'released', now);
  return held.length;
}
