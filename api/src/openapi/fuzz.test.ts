/**
 * Walks every operation of the OpenAPI document against a running server (PGlite) as the caller it expects:
 * generated valid requests must not answer 5xx; hostile ones the schemas refuse must answer 4xx with the error
 * shape and change nothing. Seeded: FUZZ_SEED=<n> replays a run (it prints its seed); FUZZ_RUNS sets the valid
 * requests an operation (default 4); FUZZ_VERBOSE=1 lists the operations no generated request got through to.
 */
import crypto from 'node:crypto';
import { faker } from '@faker-js/faker';
import { seed as seedFaker, setFaker } from 'zod-schema-faker/v4';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { images, users } from '../db/schema/index.js';
import { issueSession } from '../modules/auth/sessions.js';
import { createAgent } from '../modules/auth/test-helpers.js';
import { createMemberWithCredits } from '../modules/credits/test-helpers.js';
import { createFictive, type MemberFixture } from '../test/fixtures.js';
import { createTestContext, jsonRequest, TEST_API_KEY, type TestContext } from '../test/harness.js';
import { startLiveServer, type LiveServer } from '../test/live-server.js';
import type { Caller, Operation } from './describe.js';
import { openApiPath } from './describe.js';
import { operations } from './document.js';
import {
  asQuery,
  badBodyRequests,
  badIdRequests,
  badQueryRequests,
  fakeOf,
  random,
  type Request,
} from './fuzz/inputs.js';

const SEED = Number(process.env.FUZZ_SEED ?? crypto.randomInt(2 ** 31));
const VALID_RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** The whole walk stays under this; past it the test fails rather than run on. */
const BUDGET_MS = 120_000;

let ctx: TestContext;
let live: LiveServer;
let base: string;
let member: MemberFixture;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  live = await startLiveServer(ctx);
  base = live.base.replace(/^ws:/, 'http:');
  member = await createMemberWithCredits(ctx, 50);
  const fictive = await createFictive(ctx, { location: { country: 'US', city: 'Austin', state: 'TX' } });
  const agent = await createAgent(ctx);
  const admin = await createAgent(ctx, { role: 'admin' });
  // In the agent's scope (US-localhost), so staff calls reach the member's rows.
  await ctx.deps.db.update(users).set({ country: 'US' }).where(eq(users.id, member.id));
  const conversation = await created(`/api/conversation/${fictive.id}`, member.headers, { message: 'Hello' });
  const adminHeaders = await headersFor('admin', admin.id);
  const memo = await created(`/api/conversation/${conversation}/note`, adminHeaders, { note: 'Likes hiking', type: 'user' });
  const meetUp = await created(`/api/conversation/${conversation}/meet-up`, adminHeaders, { meetDate: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString() });
  const snippet = await created('/api/snippets', await headersFor('staff', agent.id), { title: 'Hello', body: 'Hi {member}, {profile} here.' });
  const [image] = await ctx.deps.db.select({ id: images.id }).from(images).where(eq(images.profileId, fictive.id)).limit(1);
  Object.assign(ids, { member: member.id, fictive: fictive.id, conversation, agent: agent.id, admin: admin.id, brand: ctx.brand.id, memo, meetUp, snippet, image: image!.id });
});

afterAll(async () => {
  await live?.close();
  await ctx?.close();
});

/** The id of a row made through the API for the walk to find. */
async function created(path: string, headers: Record<string, string>, body: unknown): Promise<string> {
  const res = await ctx.app.request(path, jsonRequest('POST', body, headers));
  const answer = (await res.json()) as { _id?: string };
  if (!answer._id) throw new Error(`${path} answered ${res.status} ${JSON.stringify(answer)}`);
  return answer._id;
}

/** Fresh sessions for each operation: a valid logout, refresh or password change ends the one before. */
async function headersFor(caller: Caller | undefined, staffId?: string): Promise<Record<string, string>> {
  if (caller === undefined) return {};
  if (caller === 'apiKey') return { 'x-api-key': TEST_API_KEY };
  const subject = caller === 'member' ? { type: 'user' as const, id: ids.member! } : { type: 'agent' as const, id: staffId ?? (caller === 'admin' ? ids.admin! : ids.agent!) };
  const { access_token } = await issueSession(ctx.deps, subject);
  return { authorization: `Bearer ${access_token}` };
}

/** The fixture a path parameter names, so valid requests reach real rows; anything else comes from its schema. */
function paramValue(op: Operation, name: string): string {
  const path = op.path;
  const known: Record<string, string | undefined> = {
    profileId: ids.fictive,
    noteId: ids.memo,
    meetupId: ids.meetUp,
    imageId: path.startsWith('/api/admin/') ? ids.image : undefined,
    subjectId: random().helpers.arrayElement([ids.member, ids.fictive]),
    domain: 'localhost',
    file: path.startsWith('/api/json/') ? random().helpers.arrayElement(['US.json', 'GB.json', 'DE.json']) : path.startsWith('/api/docs/') ? 'init.js' : undefined,
    id: path.startsWith('/api/user/')
      ? ids.member
      : path.startsWith('/api/profile/') || path.startsWith('/api/admin/profile/')
        ? ids.fictive
        : path.startsWith('/api/conversation/') || path.startsWith('/api/stock/')
          ? ids.conversation
          : path.startsWith('/api/snippets/')
            ? ids.snippet
            : path.startsWith('/api/agent/')
            ? ids.agent
            : path.startsWith('/api/brand/') || path.startsWith('/api/company/')
              ? ids.brand
              : path.startsWith('/api/moderation/')
                ? ids.image
                : undefined,
  };
  const value = known[name];
  if (value !== undefined) return value;
  const faked = fakeOf(op.params?.shape[name]);
  return faked === undefined ? crypto.randomUUID() : String(faked);
}

function validRequest(op: Operation): Request {
  const params = Object.fromEntries(Object.keys(op.params?.shape ?? {}).map((name) => [name, paramValue(op, name)]));
  const query = asQuery(fakeOf(op.query, ids));
  let body: Request['body'];
  if (op.body) body = JSON.stringify(fakeOf(op.body, ids) ?? {});
  if (op.form) {
    const fields = asQuery(fakeOf(op.form.schema, ids));
    if (op.form.mediaType === 'multipart/form-data') {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) if (!['files', 'file'].includes(key)) form.append(key, value);
      form.append('files', new Blob([crypto.randomBytes(64)], { type: 'image/png' }), 'random.png');
      body = form;
    } else body = new URLSearchParams(fields);
  }
  return { op, kind: 'valid', params, query, body, mustFail: false };
}

/** Percent-encoding that sends a lone surrogate as its raw (WTF-8) bytes, as a hostile client could. */
function encode(value: string): string {
  return value
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? Buffer.from([0xed, 0xa0 | ((part.charCodeAt(0) >> 6) & 0x0f), 0x80 | (part.charCodeAt(0) & 0x3f)]).toString('hex').replace(/../g, '%$&') : encodeURIComponent(part)))
    .join('');
}

function url(req: Request): string {
  let path = openApiPath(req.op.path);
  for (const [name, value] of Object.entries(req.params)) path = path.replace(`{${name}}`, encode(value));
  const query = Object.entries(req.query)
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return `${base}${path}${query ? `?${query}` : ''}`;
}

async function send(req: Request, headers: Record<string, string>) {
  const init: RequestInit = { method: req.op.method.toUpperCase(), headers: { ...headers }, redirect: 'manual', signal: AbortSignal.timeout(15_000) };
  if (req.body !== undefined) {
    init.body = req.body;
    if (typeof req.body === 'string') (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(url(req), init);
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

/** What an invalid request must leave as it was: the member's credits and the message, order and memo counts. */
async function snapshot(): Promise<string> {
  const tables = ['messages', 'conversations', 'credit_ledger', 'orders', 'transactions', 'memos', 'meet_ups', 'swipes', 'favourites', 'profile_views', 'support_tickets', 'agents', 'profiles', 'images', 'users', 'subscriptions', 'saved_cards', 'sync_mutations'];
  const counts = tables.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ');
  const result = await ctx.deps.db.execute(sql.raw(`select ${counts}, (select credits from users where id = '${ids.member}') as member_credits`));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}

const isJsonOperation = (op: Operation) => Object.values(op.answers).some((a) => a.kind === 'json');
const redirectsOnly = (op: Operation) => Object.values(op.answers).every((a) => a.kind === 'redirect');

function hasErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

it('every operation: valid requests never 5xx, invalid ones 4xx with the error shape and no change', async () => {
  console.log(`[fuzz] seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  setFaker(faker);
  seedFaker(SEED);
  const started = Date.now();
  const counts = { operations: 0, requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const failures: string[] = [];
  // Operations whose generated requests got through validation at least once: how deep the walk went.
  const reached = new Set<string>();
  const tally = (status: number) => {
    counts.requests += 1;
    counts[`${Math.floor(status / 100)}xx` as '2xx'] += 1;
  };
  const where = (req: Request, status: number, text: string) => `${req.op.method.toUpperCase()} ${req.op.path} [${req.kind}] → ${status} ${text.slice(0, 160)}`;

  for (const op of operations) {
    if (op.answers[101]) continue; // the websocket upgrade is the socket tests' business
    expect(Date.now() - started, 'fuzz time budget').toBeLessThan(BUDGET_MS);
    counts.operations += 1;
    const callers: (Caller | undefined)[] = op.callers.length ? op.callers : [undefined];

    for (let i = 0; i < VALID_RUNS; i++) {
      const req = validRequest(op);
      const res = await send(req, await headersFor(callers[i % callers.length]));
      tally(res.status);
      if (res.status < 400) reached.add(`${op.method} ${op.path}`);
      if (res.status >= 500) failures.push(where(req, res.status, res.text));
    }

    const headers = await headersFor(callers[0]);
    const valid = validRequest(op);
    const validBody = typeof valid.body === 'string' ? (JSON.parse(valid.body) as unknown) : undefined;
    const hostile = [
      ...badIdRequests(op, valid.params, valid.query, valid.body),
      ...badQueryRequests(op, valid.params, valid.query, valid.body),
      ...badBodyRequests(op, valid.params, valid.query, validBody),
    ];
    // The refused ones first, between two snapshots; then the ones the schemas accept, which may write.
    const before = await snapshot();
    for (const req of hostile.filter((r) => r.mustFail)) {
      const res = await send(req, headers);
      tally(res.status);
      const answered4xx = res.status >= 400 && res.status < 500;
      const redirected = redirectsOnly(op) && res.status >= 300 && res.status < 400;
      if (!answered4xx && !redirected) failures.push(where(req, res.status, res.text));
      else if (answered4xx && isJsonOperation(op) && !hasErrorShape(res.text)) failures.push(`${where(req, res.status, res.text)} (not the error shape)`);
    }
    const after = await snapshot();
    if (after !== before) failures.push(`${op.method.toUpperCase()} ${op.path}: invalid requests changed data: ${before} → ${after}`);
    for (const req of hostile.filter((r) => !r.mustFail)) {
      const res = await send(req, headers);
      tally(res.status);
      if (res.status >= 500) failures.push(where(req, res.status, res.text));
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[fuzz] seed ${SEED}: ${counts.operations} operations, ${counts.requests} requests in ${seconds}s: ${counts['2xx']} 2xx, ${counts['3xx']} 3xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx`);
  console.log(`[fuzz] ${reached.size} of ${counts.operations} operations answered a generated request with 2xx or 3xx`);
  if (process.env.FUZZ_VERBOSE) console.log(`[fuzz] never reached: ${operations.filter((op) => !reached.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`).join(', ')}`);
  expect(failures, `seed ${SEED}`).toEqual([]);
}, 240_000);
