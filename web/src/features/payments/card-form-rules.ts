import { t } from '@sync/texts';
import { creditCard, cvv, expirationDate, firstProblem, required, zipcode } from '@sync/rules/validators';

/** SPEC §3 checkout fields (the new-card form). */
export interface CardFormValues {
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
}

export type CardFormErrors = Partial<Record<keyof CardFormValues | 'terms', string>>;

export const emptyCardForm = (names: { firstName?: string; lastName?: string } = {}): CardFormValues => ({
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
});

/** Card number in groups of four as people read it off the card (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * SPEC §5 rules with their texts, one message per field (the first failing rule). `terms` is checked for
 * both a new card and a saved one. City is optional.
 */
export function validateCardForm(values: CardFormValues, terms: boolean, now: Date = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  const set = (field: keyof CardFormErrors, problem: string | null) => {
    if (problem) errors[field] = problem;
  };
  set('cardholder', required(values.cardholder));
  set('firstName', required(values.firstName));
  set('lastName', required(values.lastName));
  set('cardNumber', firstProblem(required(values.cardNumber), creditCard(values.cardNumber)));
  set('expMonth', firstProblem(required(values.expMonth), values.expYear ? expirationDate(values.expMonth, values.expYear, now) : null));
  set('expYear', required(values.expYear));
  set('cvv', firstProblem(required(values.cvv), cvv(values.cvv)));
  set('zip', firstProblem(required(values.zip), zipcode(values.zip.trim())));
  Object.assign(errors, validateTerms(terms));
  return errors;
}

export function validateTerms(terms: boolean): CardFormErrors {
  return terms ? {} : { terms: t('validation.checkout-terms') };
}
