import { expect } from 'vitest';
import type { Executor } from '../../db/client.js';
import { createMember, type MemberFixture } from '../../test/fixtures.js';
import type { TestContext } from '../../test/harness.js';
import { changeCredits, ledgerBalance } from './ledger.js';

/** Asserts sum(ledger.delta) == users.credits for each member; call it after every scenario. */
export async function expectLedgerBalanced(exec: Executor, ...userIds: string[]) {
  for (const id of userIds) {
    const { credits, ledgerSum } = await ledgerBalance(exec, id);
    expect(ledgerSum, `ledger of ${id}`).toBe(credits);
  }
}

/** A member whose starting credits come through the ledger (the plain fixture writes users.credits directly). */
export async function createMemberWithCredits(ctx: TestContext, credits: number): Promise<MemberFixture> {
  const member = await createMember(ctx);
  if (credits > 0) await changeCredits(ctx.deps.db, member.id, credits, 'admin', { note: 'test grant' });
  return member;
}
