import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CLAIM_LIFETIME_MS, type QueueCounts, type StockKind } from '@sync/contract/agents';
import { t } from '@sync/texts';
import type { Database, Executor } from '../../db/client.js';
import { agentClaim, type StaffViewRows } from '../../db/functions/calls.js';
import { fromJsonRow } from '../../db/rows.js';
import type { ConversationRow } from '../messaging/serialize.js';
import { agentClaims, brands, conversations, users } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { inScope, type Staff } from './staff.js';

/** Waiting in a stock and not held by a live claim: claim_waiting (api/src/db/functions/), which agent_claim takes by. */
function waiting(now: Date) {
  return sql`claim_waiting(${conversations.stock}, ${conversations.claimAgentId}, ${conversations.claimExpiryDate}, ${now.toISOString()}::timestamptz)`;
}

/** Whether the agent holds the live claim: claim_held_by (api/src/db/functions/), which agent_reply refuses by. */
export function heldBy(agentId: string, now: Date) {
  return sql`claim_held_by(${conversations.claimAgentId}, ${conversations.claimExpiryDate}, ${agentId}::uuid, ${now.toISOString()}::timestamptz)`;
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

export interface Claimed {
  conversationId: string;
  stock: StockKind;
  stockDate: Date;
  claimDate: Date;
  claimExpiryDate: Date;
  /** The conversation as the claim left it, its brand's domain and the staff view: what the console is answered. */
  conversation: ConversationRow;
  domain: string;
  view: StaffViewRows;
}

/**
 * GET /api/claim: the oldest waiting conversation of the agent's scope (docs/decisions/0011-claim-order.md),
 * claimed for CLAIM_LIFETIME_MS, with its staff view of `limit` messages. One prepared call of agent_claim
 * (api/src/db/functions/agent_claim.sql), a transaction of its own: the agent's row is
 * locked first (the per-agent cap counts right even with two tabs claiming at once); the candidate is locked
 * `FOR UPDATE SKIP LOCKED`, so concurrent agents each take a different row without waiting on one another.
 * Undefined when nothing waits.
 */
export async function claimNext(database: Pick<Database, 'prepared'>, agentId: string, now: Date, limit: number): Promise<Claimed | undefined> {
  const expiry = new Date(now.getTime() + CLAIM_LIFETIME_MS);
  const out = await agentClaim.call(database, { p_agent: agentId, p_now: now, p_expiry: expiry, p_limit: limit });
  if ('refused' in out) {
    if (out.refused === 'unauthorized') throw new ApiError(401, 'unauthorized', t('error.unauthorized'));
    if (out.refused === 'session-not-started') throw new ApiError(409, 'session-not-started', 'Start a session (and end any break) before claiming');
    throw new ApiError(409, 'claim-limit', t('agent.claim-limit', { max: String(out.maxClaims) }), { maxClaims: out.maxClaims });
  }
  if ('empty' in out) return undefined;
  const conversation = fromJsonRow(conversations, out.conversation);
  return {
    conversationId: conversation.id,
    stock: conversation.stock!,
    stockDate: conversation.stockDate ?? now,
    claimDate: now,
    claimExpiryDate: expiry,
    conversation,
    domain: out.domain,
    view: out.view,
  };
}

/**
 * The agent's live claims (the console restores them after a reload): its open rows of agent_claims
 * (agent_claims_live_idx), each checked against the conversation's claim columns, which are the truth.
 */
export async function liveClaims(exec: Executor, agentId: string, now: Date) {
  return exec
    .select({ id: conversations.id, stock: conversations.stock, stockDate: conversations.stockDate, claimDate: conversations.claimDate, claimExpiryDate: conversations.claimExpiryDate })
    .from(agentClaims)
    .innerJoin(conversations, eq(conversations.id, agentClaims.conversationId))
    .where(and(openClaimsOf(agentId), gt(agentClaims.expiryDate, now), heldBy(agentId, now)))
    .orderBy(asc(conversations.claimDate));
}

/** The agent's claims not ended yet (lapsed ones included until the expiry job or a new claim closes them). */
export function openClaimsOf(agentId: string) {
  return and(eq(agentClaims.agentId, agentId), isNull(agentClaims.endDate));
}

/**
 * Stop (or disconnect): the agent's claims go back to their stock at once; with `conversationId`, only that one
 * (POST /api/claims/:id/release, the agent giving it back). Only the conversations it still holds, locked
 * first: a claim of its that lapsed may meanwhile have been taken by another agent (whose claim closed the
 * lapsed one), and that one stays. Each claim ends by its holder, as a reply ends it.
 */
export async function releaseAllClaims(tx: Executor, agentId: string, now: Date, conversationId?: string) {
  const held = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        inArray(conversations.id, tx.select({ id: agentClaims.conversationId }).from(agentClaims).where(openClaimsOf(agentId))),
        eq(conversations.claimAgentId, agentId),
        conversationId ? eq(conversations.id, conversationId) : undefined,
      ),
    )
    .orderBy(asc(conversations.id))
    .for('update');
  if (held.length === 0) return 0;
  const ids = held.map((h) => h.id);
  await tx
    .update(agentClaims)
    .set({ endDate: now, outcome: 'released' })
    .where(and(openClaimsOf(agentId), inArray(agentClaims.conversationId, ids)));
  await tx.update(conversations).set({ claimAgentId: null, claimDate: null, claimExpiryDate: null }).where(inArray(conversations.id, ids));
  return ids.length;
}
