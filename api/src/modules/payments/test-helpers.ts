import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Order } from '@sync/contract/payments';
import { products } from '../../db/schema/index.js';
import { SandboxProcessor } from '../../providers/payments/sandbox.js';
import { createMember, type MemberFixture } from '../../test/fixtures.js';
import { createTestContext, jsonRequest, type TestContext } from '../../test/harness.js';
import { issueSession } from '../auth/sessions.js';
import { expectLedgerBalanced } from '../credits/test-helpers.js';

export interface TestProducts {
  credits10: string;
  starter: string;
  vipMonthly: string;
  vipQuarterly: string;
  loyalty: string;
}

const usd = (price: number, credits: number, days = 0) => ({ US: { currency: 'USD', vat: 0, intervals: [{ days, price, credits }] } });

/** The brand's catalogue for payment tests: credit packages (plain, first-purchase-only, post-payment-only) and two memberships. */
export async function createTestProducts(ctx: TestContext): Promise<TestProducts> {
  const rows = await ctx.deps.db
    .insert(products)
    .values([
      { brandId: ctx.brand.id, sku: 'credits-10', name: 'localhost', pricing: usd(9.99, 10) },
      { brandId: ctx.brand.id, sku: 'starter-20', name: 'localhost', packageType: ['firstPurchaseOnly'], pricing: usd(4.99, 20) },
      { brandId: ctx.brand.id, sku: 'vip-monthly', name: 'localhost', pricing: usd(29.99, 20, 30) },
      { brandId: ctx.brand.id, sku: 'vip-quarterly', name: 'localhost', pricing: usd(74.99, 25, 90) },
      { brandId: ctx.brand.id, sku: 'loyalty-40', name: 'localhost', packageType: ['postPaymentOnly'], pricing: usd(19.99, 40) },
    ])
    .returning({ id: products.id, sku: products.sku });
  const id = (sku: string) => rows.find((r) => r.sku === sku)!.id;
  return { credits10: id('credits-10'), starter: id('starter-20'), vipMonthly: id('vip-monthly'), vipQuarterly: id('vip-quarterly'), loyalty: id('loyalty-40') };
}

export function sandbox(ctx: TestContext): SandboxProcessor {
  const p = ctx.deps.providers.payments;
  if (!(p instanceof SandboxProcessor)) throw new Error('tests run against the sandbox processor');
  return p;
}

export async function call(ctx: TestContext, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  const res = await ctx.app.request(path, jsonRequest(method, body, headers));
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are read field by field
  return { status: res.status, body: parsed as any, headers: res.headers };
}

const nextYear = new Date().getUTCFullYear() + 1;

/** The browser's step: card data to the processor's tokenize endpoint, a token back. */
export async function tokenize(ctx: TestContext, cardNumber: string): Promise<string> {
  const res = await call(ctx, 'POST', '/api/sandbox/payments/tokenize', {}, { cardNumber, expMonth: 12, expYear: nextYear, cvv: '123', cardholder: 'Test Member', zip: '12345' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

export async function createOrder(ctx: TestContext, member: MemberFixture, productId: string, headers: Record<string, string> = {}) {
  return call(ctx, 'POST', '/api/order', { ...member.headers, ...headers }, { currency: 'USD', country: 'US', products: [{ productId }] });
}

/** Creates an order, pays it with `cardNumber` and waits for the processor's confirmation. */
export async function checkout(ctx: TestContext, member: MemberFixture, productId: string, cardNumber: string, opts: { saveCard?: boolean } = {}): Promise<Order> {
  const created = await createOrder(ctx, member, productId);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = await tokenize(ctx, cardNumber);
  const paid = await call(ctx, 'PATCH', `/api/order/${created.body._id}`, member.headers, { paymentToken: token, saveCard: opts.saveCard ?? false });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await sandbox(ctx).idle();
  const order = await call(ctx, 'GET', `/api/order/${created.body._id}`, member.headers);
  return order.body as Order;
}

export interface PaymentsSuite {
  /** Set in beforeAll. */
  ctx: TestContext;
  catalogue: TestProducts;
  /** A new member whose ledger is checked balanced after the test. */
  member(): Promise<MemberFixture>;
  /** The member signed in afresh, for after the fake clock moved past the access token's life. */
  fresh(m: MemberFixture): Promise<MemberFixture>;
}

/** One payments test file's context: the sandbox with a short delay, the test catalogue, every member's ledger balanced after each test. */
export function paymentsSuite(): PaymentsSuite {
  const members: string[] = [];
  const suite: PaymentsSuite = {
    ctx: undefined as unknown as TestContext,
    catalogue: undefined as unknown as TestProducts,
    async member() {
      const m = await createMember(suite.ctx);
      members.push(m.id);
      return m;
    },
    async fresh(m) {
      const { access_token } = await issueSession(suite.ctx.deps, { type: 'user', id: m.id });
      return { ...m, token: access_token, headers: { authorization: `Bearer ${access_token}` } };
    },
  };
  beforeAll(async () => {
    suite.ctx = await createTestContext({ PAYMENT_SANDBOX_DELAY_MS: '5' });
    suite.catalogue = await createTestProducts(suite.ctx);
  });
  afterAll(() => suite.ctx?.close());
  afterEach(async () => expectLedgerBalanced(suite.ctx.deps.db, ...members.splice(0)));
  return suite;
}
