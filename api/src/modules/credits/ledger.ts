import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { creditLedger, users } from '../../db/schema/index.js';

export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

export interface CreditRefs {
  messageId?: string;
  transactionId?: string;
  note?: string;
  now?: Date;
}

/** The balance would go below 0: nothing was changed. */
export class NoCreditsError extends Error {
  constructor(readonly userId: string) {
    super('no credits');
    this.name = 'NoCreditsError';
  }
}

/**
 * The balance change and its ledger row as two CTEs (`changed` answers the balance after, no row when the
 * balance would go below 0 or the member does not exist), for changeCredits and for a write that folds the
 * debit into its own statement (one round trip). The ledger row is inserted only when the balance changed.
 */
export function creditChangeCtes(userId: string, delta: number, reason: CreditReason, refs: CreditRefs = {}): SQL {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`changeCredits needs a non-zero integer delta, got ${delta}`);
  return sql`changed as (
      update ${users} set credits = credits + ${delta}::int
      where id = ${userId}::uuid and credits + ${delta}::int >= 0
      returning credits
    ), recorded as (
      insert into ${creditLedger} (user_id, delta, reason, balance_after, message_id, transaction_id, note, create_date)
      select ${userId}::uuid, ${delta}::int, ${reason}::credit_reason, changed.credits, ${refs.messageId ?? null}::uuid, ${refs.transactionId ?? null}::uuid,
             ${refs.note ?? null}::text, coalesce(${refs.now ? refs.now.toISOString() : null}::timestamptz, now())
      from changed
    )`;
}

/** Why a debit found no row to change: no such member (a bug), or not enough credits. */
export async function debitRefused(tx: Executor, userId: string): Promise<Error> {
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return exists ? new NoCreditsError(userId) : new Error(`changeCredits: no user ${userId}`);
}

/**
 * The one way to change a member's credits: a conditional UPDATE (never check-then-write, so two concurrent
 * spends cannot both pass) and a ledger row in the same transaction, so sum(ledger.delta) = users.credits.
 * Call it inside the transaction of the cause. Returns the balance after.
 */
export async function changeCredits(tx: Executor, userId: string, delta: number, reason: CreditReason, refs: CreditRefs = {}): Promise<number> {
  const rows = rowsOf<{ credits: number }>(await tx.execute(sql`with ${creditChangeCtes(userId, delta, reason, refs)} select credits from changed`));
  const row = rows[0];
  if (!row) throw await debitRefused(tx, userId);
  return row.credits;
}

/** The invariant: the ledger adds up to the balance. */
export async function ledgerBalance(exec: Executor, userId: string): Promise<{ credits: number; ledgerSum: number }> {
  const [user] = await exec.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const [sum] = await exec
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return { credits: user?.credits ?? 0, ledgerSum: Number(sum?.total ?? 0) };
}
