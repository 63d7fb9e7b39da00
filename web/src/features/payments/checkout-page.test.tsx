import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SANDBOX_CARDS } from '@sync/contract/payments';
import { t } from '@sync/texts';
import { registerAppPopups } from '@web/app/register-popups';
import { BrandProvider, type BrandSetup } from '@web/lib/brand-context';
import { cartStore } from '@web/lib/cart';
import { userStore } from '@web/lib/user-store';
import { mockBrand, mockConfig } from '@web/mocks/data';
import { paymentsMock } from '@web/mocks/handlers/payments';
import { openPopup } from '@web/ui/popups/popup-queue';
import { renderMemberScreen, resetMemberState, signInMember } from '@web/test/member-harness';
import { AgeVerificationReturn } from './age-verification';
import { CheckoutPage } from './checkout-page';
import { PaymentSettings } from './payment-settings';
import { CreditPackagesTab, MembershipsTab } from './plan-tabs';

const brand = { config: mockConfig, brand: mockBrand } as unknown as BrandSetup;
const withBrand = (node: ReactNode) => <BrandProvider value={brand}>{node}</BrandProvider>;

async function member(extra: Record<string, unknown> = {}) {
  signInMember({ _id: 'u-demo', username: 'demo', firstName: 'Demo', lastName: 'Member', credits: 5, ...extra });
  // The mock's own record of the member (credits, cards) starts from the same numbers.
  paymentsMock.member('u-demo');
}

async function fillCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText(/Card number/), number);
  await user.selectOptions(screen.getByLabelText('Month'), '12');
  await user.selectOptions(screen.getByLabelText('Year'), String(new Date().getFullYear() + 3));
  await user.type(screen.getByLabelText(/CVV/), '123');
  await user.type(screen.getByLabelText(/ZIP/), '10001');
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

describe('upgrade and checkout', () => {
  beforeEach(async () => {
    await resetMemberState();
    paymentsMock.reset();
    cartStore.clear();
    registerAppPopups();
  });
  afterEach(() => cartStore.clear());

  it('lists credit packages with tags, the first-purchase offer and the one-message-per-credit note; Buy fills the one-item cart', async () => {
    await member();
    const user = userEvent.setup();
    const { router } = renderMemberScreen(withBrand(<CreditPackagesTab />), '/upgrade/credits');
    const cards = await screen.findAllByRole('listitem', { name: undefined });
    expect(cards.length).toBeGreaterThan(0);
    expect(screen.getByText('Most popular')).toBeTruthy();
    expect(screen.getByText('Limited offer')).toBeTruthy();
    expect(screen.getByText('First purchase')).toBeTruthy();
    expect(screen.getByText(/One credit sends one message/)).toBeTruthy();
    expect(screen.getAllByText('$0.24 per message')).toHaveLength(2); // 4.99 / 20 and 29.99 / 120, truncated
    await user.click(screen.getByRole('button', { name: 'Buy 120 credits' }));
    await user.click(screen.getByRole('button', { name: 'Buy 50 credits' }));
    expect(cartStore.get().items.map((i) => i.productId)).toEqual(['p-credits-50']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade/checkout'));
  });

  it('hides the first-purchase package after a purchase', async () => {
    await member({ transactions: [{ status: 'success' }], promotions: { firstPurchasePromotion: false } });
    renderMemberScreen(withBrand(<CreditPackagesTab />), '/upgrade/credits');
    await screen.findByRole('button', { name: 'Buy 120 credits' });
    expect(screen.queryByRole('button', { name: 'Buy 20 credits' })).toBeNull();
  });

  it('memberships list the features and the subscription notice', async () => {
    await member();
    renderMemberScreen(withBrand(<MembershipsTab />), '/upgrade/premium');
    await screen.findByRole('button', { name: /Quarterly membership/ });
    for (const feature of ['Images and albums', 'Profile boost', 'Inbox filter', 'Add to favorites']) expect(screen.getAllByText(feature)).toHaveLength(3);
    expect(screen.getByText('USD 74.99 every 90 days until you cancel.')).toBeTruthy();
  });

  it('checks every field with the documented texts before anything is sent', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-120', days: 0, kind: 'credits', label: '120 credits', credits: 120, price: 29.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    await user.type(await screen.findByLabelText(/Card number/), '4242 4242 4242 4241');
    await user.type(screen.getByLabelText(/CVV/), '12');
    await user.type(screen.getByLabelText(/ZIP/), '123');
    await user.click(screen.getByRole('button', { name: /Pay \$29\.99/ }));
    expect(screen.getByText('Credit card is not valid')).toBeTruthy();
    expect(screen.getByText('The CVV must be a 3 or 4 digit number')).toBeTruthy();
    expect(screen.getByText('Invalid zip code')).toBeTruthy();
    expect(screen.getByText('You must accept terms and conditions to make a purchase')).toBeTruthy();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2); // month, year
    expect(document.activeElement).toBe(screen.getByLabelText(/Card number/));
    expect(paymentsMock.orders.size).toBe(0);
  });

  it('pays with 4242…: progress, then the success popup and the member read again with the new credits', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-120', days: 0, kind: 'credits', label: '120 credits', credits: 120, price: 29.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    await fillCard(user, SANDBOX_CARDS.success);
    await user.click(screen.getByRole('checkbox', { name: /Save this card/ }));
    await user.click(screen.getByRole('button', { name: /Pay \$29\.99/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment successful' });
    expect(dialog.textContent).toContain('120 credits have been added');
    await waitFor(() => expect(userStore.get().user?.credits).toBe(125));
    expect(cartStore.get().items).toEqual([]);
    expect(paymentsMock.member('u-demo').cards.map((c) => c.last4)).toEqual(['4242']);
    // Behind the popup the page says so too (hidden from the accessibility tree while the dialog is open).
    expect(screen.getByRole('heading', { name: 'Thank you!', hidden: true })).toBeTruthy();
  });

  it('a bank decline shows the try-a-different-card advice and clears the card number for the next try', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-50', days: 0, kind: 'credits', label: '50 credits', credits: 50, price: 14.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    await fillCard(user, SANDBOX_CARDS.bankDecline);
    await user.click(screen.getByRole('button', { name: /Pay \$14\.99/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment declined' });
    expect(dialog.textContent).toContain('Please try a different card.');
    // Said once: the page does not repeat it behind the popup.
    expect(screen.getAllByText(/Please try a different card\./)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Try a different card' }));
    await waitFor(() => expect((screen.getByLabelText(/Card number/) as HTMLInputElement).value).toBe(''));
    expect(userStore.get().user?.credits).toBe(5);
  });

  it('a system error tells the member to contact support', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-50', days: 0, kind: 'credits', label: '50 credits', credits: 50, price: 14.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    await fillCard(user, SANDBOX_CARDS.systemError);
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment failed' });
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });

  it('says the purchase rules before paying: a first-purchase offer is paid once, one VIP membership at a time', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-20', days: 0, kind: 'credits', label: '20 credits', credits: 20, price: 4.99, currency: 'USD', firstPurchaseOnly: true });
    const first = renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    expect(await screen.findByText(t('payment.first-purchase-notice'))).toBeTruthy();
    first.unmount();
    cartStore.clear();
    cartStore.add({ productId: 'p-vip', days: 30, kind: 'membership', label: 'Monthly VIP membership', credits: 20, price: 29.99, currency: 'USD' });
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    expect(await screen.findByText(t('payment.one-membership'))).toBeTruthy();
  });

  it('a member with a membership is told why there is no second one', async () => {
    await member({ isPremium: true, subscriptions: [{ active: true }] });
    renderMemberScreen(withBrand(<MembershipsTab />), '/upgrade/premium');
    expect(await screen.findByText(t('payment.one-membership'))).toBeTruthy();
  });

  it('a refunded payment says the offer had gone and the money went back', async () => {
    renderMemberScreen(<span />, '/upgrade/checkout');
    act(() => void openPopup('payment-failed', { reason: 'refunded' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment refunded' });
    expect(dialog.textContent).toContain(t('payment.failed-refunded'));
    expect(dialog.textContent).toContain(t('payment.refund-statement'));
  });

  it('the extra confirmation step opens waiting for payment with the processor page', async () => {
    await member();
    cartStore.add({ productId: 'p-credits-50', days: 0, kind: 'credits', label: '50 credits', credits: 50, price: 14.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    await fillCard(user, SANDBOX_CARDS.requiresAction);
    await user.click(screen.getByRole('button', { name: /Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Waiting for payment' });
    expect(within(dialog).getByTitle('Payment confirmation by your bank').getAttribute('src')).toContain('/api/sandbox/payments/action/');
    const [orderId] = [...paymentsMock.orders.keys()];
    act(() => paymentsMock.confirmAction(orderId!));
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await screen.findByRole('dialog', { name: 'Payment successful' });
  });

  it('pays with a saved card and removes one through the remove-card popup (server message on refusal)', async () => {
    await member();
    const state = paymentsMock.member('u-demo');
    state.cards.push({ cardId: 'card-1', number: SANDBOX_CARDS.success, last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 });
    state.cards.push({ cardId: 'card-2', number: '5555555555554444', last4: '4444', brand: 'mastercard', expMonth: 1, expYear: 2031 });
    userStore.update({ savedCards: state.cards.map(({ cardId, last4, brand, expMonth, expYear }) => ({ cardId, last4, brand, expMonth, expYear })) });
    cartStore.add({ productId: 'p-credits-50', days: 0, kind: 'credits', label: '50 credits', credits: 50, price: 14.99, currency: 'USD' });
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<CheckoutPage />), '/upgrade/checkout');
    expect(((await screen.findByRole('radio', { name: /Visa ending in 4242/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Card number/)).toBeNull();

    // Removed elsewhere meanwhile: the server's message shows in the popup.
    state.cards = state.cards.filter((c) => c.cardId !== 'card-2');
    await user.click(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This card is no longer saved');
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));

    await user.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove card' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('radio', { name: /4242/ })).toBeNull();
    expect(state.cards).toEqual([]);
  });

  it('settings: age verification state, and the return poll stores the result', async () => {
    await member();
    const state = paymentsMock.member('u-demo');
    state.ageVerificationApplicable = true;
    state.ageVerification = { result: null, status: 'pending' };
    await userStore.load('u-demo');
    renderMemberScreen(withBrand(<>
      <AgeVerificationReturn />
      <PaymentSettings />
    </>), '/profiles?verify-age=true');
    expect(await screen.findByText('In progress')).toBeTruthy();
    act(() => paymentsMock.finishAgeVerification('u-demo', true));
    // The return poll asks every 2 s: the next answer carries the result.
    expect(await screen.findByText('Verified', {}, { timeout: 4_000 })).toBeTruthy();
    expect((userStore.get().user?.ageVerification as { result: boolean }).result).toBe(true);
  });

  it('settings: a member cancels the VIP membership; it stays active until the period ends', async () => {
    await member();
    const state = paymentsMock.member('u-demo');
    state.premium = true;
    const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
    state.subscriptions.push({ _id: 'sub-1', active: true, productId: 'p-vip-monthly', sku: 'vip-monthly', intervalDays: 30, amount: 29.99, currency: 'USD', startDate: new Date().toISOString(), currentPeriodEnd: end, nextChargeDate: end, monthlyCredits: 50, nextCreditsDate: end, cancelDate: null, endDate: null, endReason: null });
    await userStore.load('u-demo');
    const user = userEvent.setup();
    renderMemberScreen(withBrand(<PaymentSettings />), '/settings');
    expect(await screen.findByText(/USD 29\.99 every 30 days\. Renews on/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel membership' }));
    // "Keep VIP" closes and changes nothing.
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel VIP membership?' })).getByRole('button', { name: 'Keep VIP' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel VIP membership?' })).toBeNull());
    expect(state.subscriptions[0]).toMatchObject({ cancelDate: null });
    await user.click(screen.getByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel VIP membership?' });
    expect(dialog.textContent).toContain('will not renew');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText(/Cancelled: active until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();
    expect(state.subscriptions[0]).toMatchObject({ active: true, nextChargeDate: null });
  });
});
