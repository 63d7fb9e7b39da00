import type { PaymentFailure } from '@sync/contract/payments';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';

addTexts(enMember);

/** docs/product.md#orders-and-payment failure texts, and the refund of an order that lost its offer while being paid (decision 0021). */
export function failureText(failure: PaymentFailure): string {
  if (failure === 'bank') return t('payment.failed-bank');
  if (failure === 'refunded') return t('payment.failed-refunded');
  return t('payment.failed-system');
}

export function failureTitle(failure: PaymentFailure): string {
  if (failure === 'bank') return t('member.pay.declined');
  if (failure === 'refunded') return t('member.pay.refunded');
  return t('member.pay.failed');
}
