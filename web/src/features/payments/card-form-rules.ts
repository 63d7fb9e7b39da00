import { createCheckoutForm, type CheckoutForm } from '@sync/contract/payments';
import { contractResolver } from '@web/ui/forms/contract-form';

/** The "Pay with" choice that means the card form rather than a saved card. */
export const NEW_CARD = 'new';

/** What the checkout's controls hold (docs/product.md#data checkout fields): strings as typed, the saved card's id or NEW_CARD. */
export interface CheckoutValues {
  method: string;
  cardholder: string;
  firstName: string;
  lastName: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvv: string;
  zip: string;
  city: string;
  saveCard: boolean;
  terms: boolean;
}

export const checkoutDefaults = (method: string, names: { firstName?: string | undefined; lastName?: string | undefined } = {}): CheckoutValues => ({
  method,
  cardholder: [names.firstName, names.lastName].filter(Boolean).join(' '),
  firstName: names.firstName ?? '',
  lastName: names.lastName ?? '',
  cardNumber: '',
  expMonth: '',
  expYear: '',
  cvv: '',
  zip: '',
  city: '',
  saveCard: false,
  terms: false,
});

/** The contract's checkout form takes the card fields only for a new card, and the saved card's id otherwise. */
export function checkoutInput({ method, terms, ...card }: CheckoutValues) {
  return method === NEW_CARD ? { payWith: 'new-card' as const, ...card, terms } : { payWith: 'saved-card' as const, savedCardId: method, terms };
}

export const checkoutResolver = (now?: () => Date) => contractResolver<CheckoutValues, CheckoutForm>(createCheckoutForm(now), checkoutInput);

/** Card number in groups of four as people read it off the card (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}
