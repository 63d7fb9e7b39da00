import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
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
 * The one way to change a member's credits: a conditional UPDATE (never check-then-write, so two concurrent
 * spends cannot both pass) and a ledger row in the same transaction, so sum(ledger.delta) = users.credits.
 * Call it inside the transaction of the cause. Returns the balance after.
 */
export async function changeCredits(tx: Executor, userId: string, delta: number, reason: CreditReason, refs: CreditRefs = {}): Promise<number> {
  if (!Number.isInteger(delta) || delta === 0) throw new Error(`changeCredits needs a non-zero integer delta, got ${delta}`);
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
    .returning({ credits: users.credits });
  if (!row) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) throw new Error(`changeCredits: no user ${userId}`);
    throw new NoCreditsError(userId);
  }
  await tx.insert(creditLedger).values({
    userId,
    delta,
    reason,
    balanceAfter: row.credits,
    messageId: refs.messageId,
    transactionId: refs.transactionId,
    note: refs.note,
    ...(refs.now ? { createDate: refs.now } : {}),
  });
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
