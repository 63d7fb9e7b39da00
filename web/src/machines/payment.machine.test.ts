import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createActor, waitFor } from 'xstate';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import { authBridge } from '@web/lib/api';
import { paymentsMock } from '@web/mocks/handlers/payments';
import { server } from '@web/mocks/server';
import { makeToken } from '@web/mocks/tokens';
import { paymentMachine, type PaymentDetails, type SubmitInput } from './payment.machine';

const card = (cardNumber: string, saveCard = false): PaymentDetails => ({
  kind: 'card',
  card: { cardNumber, expMonth: 12, expYear: 2031, cvv: '123', cardholder: 'Demo Member', zip: '10001' },
  saveCard,
});
const buy = (details: PaymentDetails, productId = 'p-credits-120'): SubmitInput => ({ order: { currency: 'USD', country: 'US', products: [{ productId, days: 0 }] }, details });

function start() {
  const effects = { succeeded: vi.fn(), failed: vi.fn(), waiting: vi.fn() };
  const actor = createActor(
    paymentMachine.provide({ actions: { paymentSucceeded: effects.succeeded, paymentFailed: effects.failed, paymentWaiting: effects.waiting } }),
    { input: {} },
  );
  actor.start();
  return { actor, effects };
}

/** Requests the machine made, in order ("METHOD path"). */
function recordRequests() {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  return seen;
}

describe('payment machine (msw, fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    paymentsMock.reset();
    authBridge.getToken = () => makeToken({ _id: 'u-demo' });
  });
  afterEach(() => {
    server.events.removeAllListeners();
    vi.useRealTimers();
  });

  it('tokenises at the processor, orders with the token only, and succeeds on the poll', async () => {
    const seen = recordRequests();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/order')) bodies.push(await request.clone().json());
      if (request.method === 'PATCH') bodies.push(await request.clone().json());
    });
    const { actor, effects } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.success, true)) });
    expect(actor.getSnapshot().matches({ submitting: 'tokenizing' })).toBe(true);
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(actor, (s) => s.matches('success'));
    expect(effects.succeeded).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.order?.lastTransaction?.status).toBe('success');
    expect(seen).toEqual(['POST /api/sandbox/payments/tokenize', 'POST /api/order', 'PATCH /api/order/ord-0002', 'GET /api/order/ord-0002']);
    // The card number never reaches the order API: only the processor's token does.
    expect(JSON.stringify(bodies)).not.toContain('4242');
    expect(bodies[1]).toMatchObject({ paymentToken: expect.stringMatching(/^tok-/), saveCard: true });
    expect(paymentsMock.member('u-demo').credits).toBe(125);
  });

  it('polls every 2 s until the charge settles', async () => {
    paymentsMock.settleAfterPolls = 3;
    const seen = recordRequests();
    const { actor } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.success)) });
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(0);
    const polls = () => seen.filter((r) => r.startsWith('GET')).length;
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(polls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toBe(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(polls()).toBe(4);
    expect(actor.getSnapshot().matches('success')).toBe(true);
  });

  it('a bank decline is a bank failure; RETRY goes back to the form', async () => {
    const { actor, effects } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.bankDecline)) });
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.failure).toBe('bank');
    expect(effects.failed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().matches('enteringDetails')).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a processing error is a system failure', async () => {
    const { actor } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.systemError)) });
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.failure).toBe('system');
  });

  it('after 25 s without an answer it waits for payment (timeout → null), and "check again" asks once more', async () => {
    paymentsMock.holdPending = true;
    const seen = recordRequests();
    const { actor, effects } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.success)) });
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(24_999);
    expect(actor.getSnapshot().matches('waitingForConfirmation')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('waitingForPayment')).toBe(true);
    expect(actor.getSnapshot().context.waitingReason).toBe('timeout');
    expect(effects.waiting).toHaveBeenCalledTimes(1);
    // Polling goes on for another window, then stops until the member asks.
    await vi.advanceTimersByTimeAsync(25_000);
    expect(actor.getSnapshot().matches({ waitingForPayment: 'stalled' })).toBe(true);
    const before = seen.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.length).toBe(before);

    paymentsMock.holdPending = false;
    actor.send({ type: 'CHECK_AGAIN' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(seen.length).toBe(before + 1);
  });

  it('the extra confirmation step waits for payment with the processor page, then succeeds once confirmed', async () => {
    const { actor, effects } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.requiresAction)) });
    await waitFor(actor, (s) => s.matches('waitingForPayment'));
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({ waitingReason: 'action', actionUrl: expect.stringContaining('/sandbox/') });
    expect(effects.waiting).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(actor.getSnapshot().matches('waitingForPayment')).toBe(true);
    paymentsMock.confirmAction(context.orderId!);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(actor.getSnapshot().matches('success')).toBe(true);
  });

  it('pays with a saved card without tokenising', async () => {
    paymentsMock.member('u-demo').cards.push({ cardId: 'card-1', number: SANDBOX_CARDS.success, last4: '4242', brand: 'visa', expMonth: 1, expYear: 2030 });
    const seen = recordRequests();
    const { actor } = start();
    actor.send({ type: 'PAY', input: buy({ kind: 'saved', savedCardId: 'card-1' }) });
    await waitFor(actor, (s) => s.matches('waitingForConfirmation'));
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(actor, (s) => s.matches('success'));
    expect(seen[0]).toBe('POST /api/order');
  });

  it('a refused input (first-purchase offer already used) returns to the form with the server message', async () => {
    paymentsMock.member('u-demo').purchased = true;
    const { actor, effects } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.success), 'p-credits-20') });
    await waitFor(actor, (s) => s.matches('enteringDetails'));
    expect(actor.getSnapshot().context).toMatchObject({ formError: 'This offer is only available with your first purchase', formErrorCode: 'first-purchase-only' });
    expect(effects.failed).not.toHaveBeenCalled();
  });

  it('a server fault while ordering is a system failure', async () => {
    server.use(http.post('*/api/order', () => HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 })));
    const { actor } = start();
    actor.send({ type: 'PAY', input: buy(card(SANDBOX_CARDS.success)) });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.failure).toBe('system');
  });
});
