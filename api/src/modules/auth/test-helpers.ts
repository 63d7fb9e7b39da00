import { decodeJwt } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { agents } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/password.js';
import { MemoryMailer } from '../../providers/mail/memory.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';

export const PASSWORD = 'correct horse 1';

let counter = 0;
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `member_${tag}`,
    email: `member.${tag}@example.com`,
    password: PASSWORD,
    gender: 'man',
    lookingFor: 'woman',
    birthDate: '1990-04-12',
    terms: true,
    ...overrides,
  };
}

/** Swaps the context's mailer for one the test can read. */
export function useMemoryMailer(ctx: TestContext): MemoryMailer {
  const mailer = new MemoryMailer('test@localhost', () => ctx.clock.now());
  ctx.deps.providers.mail = mailer;
  return mailer;
}

/** A test file's context with a readable mailbox, opened before its tests and closed after them. */
export function contextWithMailer(): { ctx: TestContext; mailer: MemoryMailer } {
  const state = {} as { ctx: TestContext; mailer: MemoryMailer };
  beforeAll(async () => {
    state.ctx = await createTestContext();
    state.mailer = useMemoryMailer(state.ctx);
  });
  afterAll(() => state.ctx.close());
  return state;
}

export async function registerMember(ctx: TestContext, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await ctx.app.request('/api/register', jsonRequest('POST', body));
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  const claims = decodeJwt(access_token) as { _id: string; sid: string };
  return { ...body, token: access_token, id: claims._id, sid: claims.sid };
}

export async function createAgent(ctx: TestContext, overrides: Partial<typeof agents.$inferInsert> = {}) {
  counter += 1;
  const email = `agent${counter}.${Date.now().toString(36)}@staff.local`;
  const [row] = await ctx.deps.db
    .insert(agents)
    .values({ email, passwordHash: await hashPassword(PASSWORD), firstName: 'Ada', lastName: 'Agent', scope: ['US-localhost'], ...overrides })
    .returning();
  return row!;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
