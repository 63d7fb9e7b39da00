/**
 * Pushes as a hostile or broken client sends them (docs/api.md#sync-rules, docs/decisions/0026): batches out of
 * order, with gaps, with one id twice (each time with other arguments), poison arguments among good sends, from
 * two devices of one member, replayed at random. Checked against a model of the protocol's rules: every push
 * answers exactly what the model answers, credits are charged once per stored message, the ledger adds up, and no
 * refused text is stored.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@sync/contract/messaging';
import type { Mutation, PushResponse } from '@sync/engine/mutations';
import { conversations, messages, users } from '../../db/schema/index.js';
import { createFictive, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { createMemberWithCredits, expectLedgerBalanced } from '../credits/test-helpers.js';

let ctx: TestContext;
let profileId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  profileId = (await createFictive(ctx, { imageCount: 0 })).id;
});
afterAll(() => ctx?.close());

/** Arguments the server refuses as `invalid-mutation` (or, for a conversation that is no id, as not found). */
const POISONS: Record<string, { args: Record<string, unknown> | null; code: string }> = {
  nul: { args: { message: 'a\u0000b' }, code: 'invalid-mutation' },
  'lone surrogate': { args: { message: 'x\ud800' }, code: 'invalid-mutation' },
  'too long': { args: { message: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }, code: 'invalid-mutation' },
  'unknown type': { args: { messageType: 'gift' }, code: 'invalid-mutation' },
  'number for text': { args: { message: 42 }, code: 'invalid-mutation' },
  'profile no id': { args: { profileId: "1' OR '1'='1" }, code: 'invalid-mutation' },
  'conversation no id': { args: { conversationId: '../../etc' }, code: 'conversation-not-found' },
  'no arguments': { args: null, code: 'invalid-mutation' },
};

type Draw = { id: number; poison: keyof typeof POISONS | null };

function mutationOf(clientId: string, d: Draw): Mutation {
  const good = { conversationId: 'blank', profileId, messageId: randomUUID(), messageType: 'text', message: `good ${d.id}` };
  const poison = d.poison === null ? undefined : POISONS[d.poison]!;
  return { clientId, mutationId: d.id, name: 'sendMessage', args: poison === undefined ? good : poison.args === null ? null : { ...good, ...poison.args } };
}

/** The protocol's rules for one member's clients, on sends alone. */
class Model {
  private readonly clients = new Map<string, { last: number; outcomes: Map<number, string> }>();
  constructor(public credits: number) {}

  push(clientId: string, batch: Draw[]): { outcomes: string[]; lastMutationId: number } {
    const client = this.clients.get(clientId) ?? { last: 0, outcomes: new Map<number, string>() };
    this.clients.set(clientId, client);
    const first = new Map<number, Draw>();
    for (const d of batch) if (!first.has(d.id)) first.set(d.id, d);
    const outcomes: string[] = [];
    for (const d of [...first.values()].sort((a, b) => a.id - b.id)) {
      if (d.id <= client.last) {
        outcomes.push(client.outcomes.get(d.id)!);
        continue;
      }
      if (d.id > client.last + 1) break;
      const outcome = d.poison !== null ? POISONS[d.poison]!.code : this.credits > 0 ? 'ok' : 'no-credits';
      if (outcome === 'ok') this.credits -= 1;
      client.outcomes.set(d.id, outcome);
      client.last = d.id;
      outcomes.push(outcome);
    }
    return { outcomes, lastMutationId: client.last };
  }
}

async function push(m: MemberFixture, clientId: string, mutations: Mutation[]) {
  const res = await ctx.app.request('/api/sync/push', jsonRequest('POST', { clientId, mutations }, m.headers));
  expect(res.status).toBe(200);
  return (await res.json()) as PushResponse;
}

const draw = fc.record({ id: fc.integer({ min: 1, max: 10 }), poison: fc.option(fc.constantFrom(...Object.keys(POISONS)), { freq: 3 }) });
const step = fc.record({ device: fc.constantFrom(0, 1), batch: fc.array(draw, { minLength: 1, maxLength: 12 }) });

describe('hostile push batches', () => {
  it('answer as the protocol model does: poison refused and skipped over, ids once, credits exact, ledger balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(step, { minLength: 1, maxLength: 6 }), async (credits, steps) => {
        const m = await createMemberWithCredits(ctx, credits);
        const clients = [`hb-${randomUUID().slice(0, 12)}`, `hb-${randomUUID().slice(0, 12)}`];
        const model = new Model(credits);
        for (const { device, batch } of steps) {
          const clientId = clients[device]!;
          const answer = await push(m, clientId, batch.map((d) => mutationOf(clientId, d)));
          const expected = model.push(clientId, batch);
          expect(answer.results.map((r) => (r.ok ? 'ok' : r.code))).toEqual(expected.outcomes);
          expect(answer.lastMutationId).toBe(expected.lastMutationId);
          for (const r of answer.results) if (!r.ok) expect(typeof r.message).toBe('string');
        }
        const [user] = await ctx.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, m.id));
        expect(user!.credits).toBe(model.credits);
        const stored = await ctx.deps.db
          .select({ message: messages.message })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(eq(conversations.userId, m.id));
        expect(stored).toHaveLength(credits - model.credits);
        for (const { message } of stored) expect(message).toMatch(/^good \d+$/);
        await expectLedgerBalanced(ctx.deps.db, m.id);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
