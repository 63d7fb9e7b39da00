import { eq, sql } from 'drizzle-orm';
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

/** Why a debit found no row to change: no such member (a bug), or not enough credits. */
export async function debitRefused(tx: Executor, userId: string): Promise<Error> {
  const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return exists ? new NoCreditsError(userId) : new Error(`changeCredits: no user ${userId}`);
}

/**
 * The one way to change a member's credits: the SQL function credit_change (api/drizzle/0008_send_in_one_call.sql),
 * a conditional UPDATE (never check-then-write, so two concurrent spends cannot both pass) and a ledger row in the
 * same transaction, so sum(ledger.delta) = users.credits. Call it inside the transaction of the cause. Returns
 * the balance after.
 */
export async function changeCredits(tx: Executor, userId: string, delta: number, reason: CreditReason, refs: CreditRefs = {}): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`changeCredits needs a non-zero integer delta, got ${delta}`);
  const [row] = rowsOf<{ credits: number | null }>(
    await tx.execute(sql`select credit_change(${userId}::uuid, ${delta}::int, ${reason}::credit_reason, ${refs.messageId ?? null}::uuid,
      ${refs.transactionId ?? null}::uuid, ${refs.note ?? null}::text, ${refs.now ? refs.now.toISOString() : null}::timestamptz) as credits`),
  );
  if (row?.credits === null || row?.credits === undefined) throw await debitRefused(tx, userId);
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
