import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { creditChange } from '../../db/functions/calls.js';
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
 * The one way to change a member's credits: the SQL function credit_change (api/src/db/functions/credit_change.sql),
 * a conditional UPDATE (never check-then-write, so two concurrent spends cannot both pass) and a ledger row in the
 * same transaction, so sum(ledger.delta) = users.credits. Call it inside the transaction of the cause. Returns
 * the balance after.
 */
export async function changeCredits(tx: Executor, userId: string, delta: number, reason: CreditReason, refs: CreditRefs = {}): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`changeCredits needs a non-zero integer delta, got ${delta}`);
  const credits = await creditChange.callIn(tx, {
    uid: userId,
    delta,
    reason,
    message_id: refs.messageId ?? null,
    transaction_id: refs.transactionId ?? null,
    note: refs.note ?? null,
    at: refs.now ?? null,
  });
  if (credits === null) throw await debitRefused(tx, userId);
  return credits;
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
