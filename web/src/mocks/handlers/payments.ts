import { http, HttpResponse } from 'msw';
import { SANDBOX_CARDS, createOrderBody, payOrderBody, tokenizeBody, type Order, type PaymentFailure } from '@sync/contract/payments';
import { pickPriceEntry } from '@sync/rules/pricing';
import { t } from '@sync/texts';
import { mockAccounts, mockBrand, type MockAccount } from '../data';
import { errorResponse } from '../http-error';
import { readMockToken } from '../tokens';
import { decorateMockUser, setMockPremium } from './profiles';

const API = '*/api';

/**
 * docs/api.md#payments in memory, behaving like the sandbox processor: the tokeniser keeps the card, the
 * PATCH answers a pending charge, the outcome shows on a later GET (4242… succeeds, …0002 bank decline,
 * …0119 system error, 4000 0027 6000 3184 waits for the member's confirmation).
 */
interface MockCard {
  number: string;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
}
interface MemberPayments {
  credits: number;
  purchased: boolean;
  premium: boolean;
  cards: (MockCard & { cardId: string })[];
  transactions: { _id: string; createDate: string; orderId: string; amount: number; currency: string; status: 'pending' | 'success' | 'failed'; kind: 'purchase'; failure: PaymentFailure | null }[];
  subscriptions: { _id: string; active: boolean; productId: string; sku: string; intervalDays: number; amount: number; currency: string; startDate: string; currentPeriodEnd: string; nextChargeDate: string | null; monthlyCredits: number; nextCreditsDate: string | null; cancelDate: string | null; endDate: string | null; endReason: null }[];
  ageVerification: { result: boolean | null; status: 'pending' | 'approved' | 'declined' | 'cancelled' } | null;
  ageVerificationApplicable: boolean;
}
interface MockOrder {
  order: Order;
  accountId: string;
  card: MockCard | null;
  /** GETs left before the charge settles (the processor answers after a short delay). */
  settlesIn: number;
  awaitingAction: boolean;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${(++sequence).toString(16).padStart(4, '0')}`;
const tokens = new Map<string, MockCard>();
const orders = new Map<string, MockOrder>();
const members = new Map<string, MemberPayments>();

function stateOf(accountId: string): MemberPayments {
  let state = members.get(accountId);
  if (!state) {
    state = { credits: 5, purchased: false, premium: false, cards: [], transactions: [], subscriptions: [], ageVerification: null, ageVerificationApplicable: false };
    members.set(accountId, state);
  }
  return state;
}

export const paymentsMock = {
  /** GETs an order answers pending before the charge settles (0: the first GET settles it). */
  settleAfterPolls: 0,
  /** While set, GET /order/{id} keeps answering pending (drives the waiting-for-payment state). */
  holdPending: false,
  reset(): void {
    tokens.clear();
    orders.clear();
    members.clear();
    this.settleAfterPolls = 0;
    this.holdPending = false;
  },
  member: stateOf,
  /** The member confirms the extra step on the processor's page. */
  confirmAction(orderId: string, approve = true): void {
    const entry = orders.get(orderId);
    if (!entry) return;
    entry.awaitingAction = false;
    if (!approve) settle(entry, 'bank');
  },
  /** The provider's verification page answered. */
  finishAgeVerification(accountId: string, approved: boolean): void {
    stateOf(accountId).ageVerification = { result: approved, status: approved ? 'approved' : 'declined' };
  },
  orders,
};

function accountOf(request: Request): MockAccount | null {
  const header = request.headers.get('authorization');
  const claims = readMockToken(header?.startsWith('Bearer ') ? header.slice(7) : null);
  return mockAccounts.find((candidate) => candidate._id === claims?._id && candidate.kind === 'user') ?? null;
}

const unauthorized = () => errorResponse(401, 'unauthorized', t('error.unauthorized'));
const firstIssue = (issues: { message: string }[]) => issues[0]?.message ?? t('error.validation');

function outcomeOf(card: MockCard | null): 'success' | PaymentFailure | 'action' {
  if (!card) return 'success';
  if (card.number === SANDBOX_CARDS.bankDecline) return 'bank';
  if (card.number === SANDBOX_CARDS.systemError) return 'system';
  if (card.number === SANDBOX_CARDS.requiresAction) return 'action';
  return 'success';
}

function settle(entry: MockOrder, failure: PaymentFailure | null): void {
  const tx = entry.order.lastTransaction;
  if (!tx || tx.status !== 'pending') return;
  const state = stateOf(entry.accountId);
  const now = new Date().toISOString();
  const status = failure ? 'failed' : 'success';
  entry.order = {
    ...entry.order,
    updateDate: now,
    status: failure ? 'failed' : 'paid',
    invoiceId: failure ? null : nextId('INV'),
    lastTransaction: { ...tx, status, failure, requiresAction: false, actionUrl: null },
  };
  state.transactions = state.transactions.map((row) => (row._id === tx._id ? { ...row, status, failure } : row));
  if (failure) return;
  // Fulfilment: once per successful transaction.
  state.purchased = true;
  for (const line of entry.order.products) {
    state.credits += line.credits;
    if (line.days > 0) {
      state.premium = true;
      setMockPremium(entry.accountId, true);
      const end = new Date(Date.now() + line.days * 86_400_000).toISOString();
      state.subscriptions.push({
        _id: nextId('sub'),
        active: true,
        productId: line.productId,
        sku: line.sku,
        intervalDays: line.days,
        amount: line.price,
        currency: entry.order.currency,
        startDate: now,
        currentPeriodEnd: end,
        nextChargeDate: end,
        monthlyCredits: line.credits,
        nextCreditsDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        cancelDate: null,
        endDate: null,
        endReason: null,
      });
    }
  }
}

decorateMockUser((account, record) => {
  const state = members.get(account._id);
  if (!state) return record;
  return {
    ...record,
    credits: state.credits,
    isPremium: record.isPremium || state.premium,
    transactions: state.transactions,
    subscriptions: state.subscriptions,
    savedCards: state.cards.map(({ cardId, last4, brand, expMonth, expYear }) => ({ cardId, last4, brand, expMonth, expYear })),
    promotions: { ...record.promotions, firstPurchasePromotion: !state.purchased },
    ageVerificationApplicable: state.ageVerificationApplicable,
    ageVerification: state.ageVerification,
  } as typeof record;
});

export const paymentHandlers = [
  http.post(`${API}/sandbox/payments/tokenize`, async ({ request }) => {
    const parsed = tokenizeBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return errorResponse(400, 'validation-failed', firstIssue(parsed.error.issues));
    const { cardNumber, expMonth, expYear } = parsed.data;
    const card: MockCard = { number: cardNumber, last4: cardNumber.slice(-4), brand: cardNumber.startsWith('4') ? 'visa' : 'mastercard', expMonth, expYear: expYear < 100 ? 2000 + expYear : expYear };
    const token = nextId('tok');
    tokens.set(token, card);
    return HttpResponse.json({ token, last4: card.last4, brand: card.brand });
  }),

  http.post(`${API}/order`, async ({ request }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    // The mock brand's ids are not uuids: check the shape without the id format.
    const parsed = createOrderBody.omit({ products: true }).safeParse(await request.clone().json().catch(() => null));
    const body = (await request.json().catch(() => null)) as { products?: { productId?: unknown; days?: unknown }[] } | null;
    if (!parsed.success) return errorResponse(400, 'validation-failed', firstIssue(parsed.error.issues));
    const line = body?.products?.length === 1 ? body.products[0] : undefined;
    if (!line) return errorResponse(400, 'validation-failed', 'An order holds one product');
    const product = mockBrand.products.find((p) => p._id === line.productId);
    if (!product) return errorResponse(404, 'product-not-found', 'This product is not available');
    const entry = pickPriceEntry(product, parsed.data.country);
    const interval = entry?.intervals.find((i) => line.days === undefined || i.days === line.days);
    if (!entry || !interval || entry.currency !== parsed.data.currency) return errorResponse(400, 'price-unavailable', 'This product has no price for your country');
    const state = stateOf(account._id);
    if ((product.packageType as readonly string[]).includes('firstPurchaseOnly') && state.purchased) return errorResponse(409, 'first-purchase-only', 'This offer is only available with your first purchase');
    if (interval.days > 0 && state.subscriptions.some((s) => s.active)) return errorResponse(409, 'membership-active', 'You already have an active VIP membership');
    const now = new Date().toISOString();
    const order: Order = {
      _id: nextId('ord'),
      createDate: now,
      updateDate: now,
      currency: entry.currency,
      country: parsed.data.country,
      products: [{ productId: product._id, sku: product.sku, name: product.name, price: interval.price, credits: interval.credits, days: interval.days }],
      total: interval.price,
      vat: 0,
      status: 'created',
      invoiceId: null,
      lastTransaction: null,
    };
    orders.set(order._id, { order, accountId: account._id, card: null, settlesIn: 0, awaitingAction: false });
    return HttpResponse.json(order, { status: 201 });
  }),

  http.patch(`${API}/order/:id`, async ({ request, params }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    const entry = orders.get(String(params.id));
    if (!entry || entry.accountId !== account._id) return errorResponse(404, 'not-found', t('error.not-found'));
    const raw = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    const parsed = payOrderBody.safeParse(raw && 'savedCardId' in raw ? { ...raw, savedCardId: '00000000-0000-4000-8000-000000000000' } : raw);
    if (!parsed.success || !raw) return errorResponse(400, 'validation-failed', firstIssue(parsed.success ? [] : parsed.error.issues));
    if (entry.order.status === 'paid' || entry.order.lastTransaction?.status === 'pending') return errorResponse(409, 'order-not-payable', 'This order is already paid or being charged');
    const state = stateOf(account._id);
    let card: MockCard | undefined;
    if (typeof raw.savedCardId === 'string') {
      card = state.cards.find((c) => c.cardId === raw.savedCardId);
      if (!card) return errorResponse(404, 'card-not-found', 'This card is no longer saved');
    } else {
      card = tokens.get(String(raw.paymentToken));
      if (!card) return errorResponse(400, 'invalid-payment-token', 'The card details expired, please enter them again');
      tokens.delete(String(raw.paymentToken));
      if (raw.saveCard === true && !state.cards.some((c) => c.number === card!.number)) state.cards.push({ ...card, cardId: nextId('card') });
    }
    const outcome = outcomeOf(card);
    const now = new Date().toISOString();
    const txId = nextId('tx');
    entry.card = card;
    entry.settlesIn = paymentsMock.settleAfterPolls;
    entry.awaitingAction = outcome === 'action';
    entry.order = {
      ...entry.order,
      status: 'pending',
      updateDate: now,
      lastTransaction: {
        _id: txId,
        status: 'pending',
        failure: null,
        amount: entry.order.total,
        currency: entry.order.currency,
        createDate: now,
        requiresAction: outcome === 'action',
        actionUrl: outcome === 'action' ? `/api/sandbox/payments/action/${txId}` : null,
      },
    };
    state.transactions.unshift({ _id: txId, createDate: now, orderId: entry.order._id, amount: entry.order.total, currency: entry.order.currency, status: 'pending', kind: 'purchase', failure: null });
    return HttpResponse.json(entry.order);
  }),

  http.get(`${API}/order/:id`, ({ request, params }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    const entry = orders.get(String(params.id));
    if (!entry || entry.accountId !== account._id) return errorResponse(404, 'not-found', t('error.not-found'));
    if (entry.order.lastTransaction?.status === 'pending' && !entry.awaitingAction && !paymentsMock.holdPending) {
      if (entry.settlesIn > 0) entry.settlesIn -= 1;
      else {
        const outcome = outcomeOf(entry.card);
        settle(entry, outcome === 'bank' || outcome === 'system' ? outcome : null);
      }
    }
    return HttpResponse.json(entry.order);
  }),

  http.delete(`${API}/payment-methods/:id`, ({ request, params }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    const state = stateOf(account._id);
    const card = state.cards.find((c) => c.cardId === params.id);
    if (!card) return errorResponse(404, 'card-not-found', 'This card is no longer saved');
    state.cards = state.cards.filter((c) => c !== card);
    return HttpResponse.json({ savedCards: state.cards.map(({ cardId, last4, brand, expMonth, expYear }) => ({ cardId, last4, brand, expMonth, expYear })) });
  }),

  http.delete(`${API}/subscription/:id`, ({ request, params }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    const sub = stateOf(account._id).subscriptions.find((s) => s._id === params.id);
    if (!sub) return errorResponse(404, 'not-found', t('error.not-found'));
    sub.cancelDate = new Date().toISOString();
    sub.nextChargeDate = null;
    return HttpResponse.json(sub);
  }),

  http.post(`${API}/user/:id/age-verification`, async ({ request, params }) => {
    const account = accountOf(request);
    if (!account) return unauthorized();
    if (account._id !== params.id) return errorResponse(403, 'forbidden', t('error.forbidden'));
    const body = (await request.json().catch(() => null)) as { callbackUrl?: unknown; cancelUrl?: unknown } | null;
    if (typeof body?.callbackUrl !== 'string' || typeof body.cancelUrl !== 'string') return errorResponse(400, 'validation-failed', t('validation.required'));
    const state = stateOf(account._id);
    state.ageVerification = { result: null, status: 'pending' };
    return HttpResponse.json({ redirectUrl: `/api/sandbox/age-verification/${account._id}?callbackUrl=${encodeURIComponent(body.callbackUrl)}` });
  }),
];
