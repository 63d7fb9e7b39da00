import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../../db/schema/index.js';
import { createMember } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { NoCreditsError, changeCredits, ledgerBalance } from './ledger.js';
import { expectLedgerBalanced } from './test-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('changeCredits', () => {
  it('writes one ledger row per change with the balance after, and the ledger adds up to the balance', async () => {
    const m = await createMember(ctx);
    expect(await changeCredits(ctx.deps.db, m.id, 5, 'purchase', { note: 'pack' })).toBe(5);
    expect(await changeCredits(ctx.deps.db, m.id, -1, 'message', { messageId: '00000000-0000-4000-8000-000000000001' })).toBe(4);
    expect(await changeCredits(ctx.deps.db, m.id, 1, 'refund')).toBe(5);
    const rows = await ctx.deps.db.select().from(creditLedger).where(eq(creditLedger.userId, m.id)).orderBy(creditLedger.balanceAfter);
    expect(rows.map((r) => [r.reason, r.delta, r.balanceAfter]).sort()).toEqual([
      ['message', -1, 4],
      ['purchase', 5, 5],
      ['refund', 1, 5],
    ]);
    expect(await ledgerBalance(ctx.deps.db, m.id)).toEqual({ credits: 5, ledgerSum: 5 });
  });

  it('never goes below 0: NoCreditsError and nothing written; concurrent spends of the last credit, one wins', async () => {
    const m = await createMember(ctx);
    await expect(changeCredits(ctx.deps.db, m.id, -1, 'message')).rejects.toBeInstanceOf(NoCreditsError);
    await changeCredits(ctx.deps.db, m.id, 1, 'admin');
    const outcomes = await Promise.allSettled([0, 1, 2].map(() => ctx.deps.db.transaction((tx) => changeCredits(tx, m.id, -1, 'message'))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof NoCreditsError)).toBe(true);
    const [row] = await ctx.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
    expect(row!.credits).toBe(0);
    await expectLedgerBalanced(ctx.deps.db, m.id);
  });

  it('rolls back with its transaction, and refuses a zero delta or an unknown user', async () => {
    const m = await createMember(ctx);
    await ctx.deps.db
      .transaction(async (tx) => {
        await changeCredits(tx, m.id, 3, 'complimentary');
        throw new Error('cause failed');
      })
      .catch(() => undefined);
    expect(await ledgerBalance(ctx.deps.db, m.id)).toEqual({ credits: 0, ledgerSum: 0 });
    await expect(changeCredits(ctx.deps.db, m.id, 0, 'admin')).rejects.toThrow(/non-zero/);
    await expect(changeCredits(ctx.deps.db, '00000000-0000-4000-8000-000000000000', 1, 'admin')).rejects.toThrow(/no user/);
  });
});
