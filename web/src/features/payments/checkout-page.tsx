import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { FormProvider } from 'react-hook-form';
import type { CheckoutForm } from '@sync/contract/payments';
import { pickPriceEntry, vatAmount } from '@sync/rules/pricing';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { RichText } from '@web/ui/rich-text';
import { useBrand } from '@web/lib/brand-context';
import { useCart } from '@web/lib/cart';
import { currencySymbol, money } from '@web/lib/price-plans';
import { useUser } from '@web/lib/user-store';
import type { PaymentDetails } from '@web/machines/payment.machine';
import { messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { Icon } from '@web/ui/icons';
import { CardForm, CARD_NUMBER_ID } from './card-form';
import { checkoutDefaults, checkoutResolver, NEW_CARD } from './card-form-rules';
import { OrderSummary } from './order-summary';
import { PaymentFailedAlert, PaymentProgress, PaymentRefusedAlert, WaitingForPaymentAlert } from './payment-progress';
import { SavedCardPicker } from './saved-card-picker';
import { savedCardsOf } from './saved-cards';
import { useCheckoutPayment } from './use-checkout-payment';
import '@web/ui/forms/forms.css';
import './payments.css';

addTexts(enMember);

/** Where the processor's confirmation page lands after the member answers (inside the waiting popup's frame). */
const CONFIRMED_PAGE = '/payment-confirmed.html';
const resolver = checkoutResolver();

function detailsOf(form: CheckoutForm): PaymentDetails {
  if (form.payWith === 'saved-card') return { kind: 'saved', savedCardId: form.savedCardId };
  const { cardNumber, expMonth, expYear, cvv, cardholder, zip, saveCard } = form;
  return { kind: 'card', card: { cardNumber, expMonth: Number(expMonth), expYear: Number(expYear), cvv, cardholder, zip }, saveCard };
}

/** /upgrade/checkout (step 2 of 2): the cart's item paid with a new card (tokenised first) or a saved one. */
export function CheckoutPage() {
  const cart = useCart();
  const { user } = useUser();
  const { brand, config } = useBrand();
  const navigate = useNavigate();
  const savedCards = savedCardsOf(user);
  const { form, formRef, focusFirstError } = useContractForm({
    resolver,
    defaultValues: checkoutDefaults(savedCards[0]?.cardId ?? NEW_CARD, { firstName: user?.firstName, lastName: user?.lastName }),
  });
  const { reset, getValues, handleSubmit, register, watch, formState } = form;

  // After a bank decline: a fresh card number and CVV, no messages until the next attempt.
  const retryWithNewCard = useCallback(() => {
    reset({ ...getValues(), method: NEW_CARD, cardNumber: '', cvv: '' });
    requestAnimationFrame(() => document.getElementById(CARD_NUMBER_ID)?.focus());
  }, [reset, getValues]);
  const payment = useCheckoutPayment(retryWithNewCard);
  const { state, send, busy, waiting } = payment;

  const item = cart.items[0];
  const country = String(config?.country ?? 'US').toUpperCase();
  const symbol = currencySymbol(item?.currency ?? 'USD', config?.currencySymbol);
  const vat = useMemo(() => {
    const product = item ? (brand?.products as { _id: string; pricing: Record<string, { vat: number; currency: string; intervals: [] }> }[] | undefined)?.find((p) => p._id === item.productId) : undefined;
    const entry = product ? pickPriceEntry(product, country) : undefined;
    return item && entry ? vatAmount(item.price, entry.vat) : 0;
  }, [brand, item, country]);

  if (state.matches('success')) {
    const paid = state.context.attempt?.purchase;
    return (
      <div className="pay-done panel" role="status">
        <div className="pay-popup__icon pay-popup__icon--success" aria-hidden="true">
          {'✓'}
        </div>
        <h1 className="page-title">{t('member.pay.thank-you')}</h1>
        <p>
          <RichText
            id={paid?.kind === 'membership' ? 'member.pay.done-membership' : paid?.credits !== undefined ? 'member.pay.done-credits' : 'member.pay.done-credits-unknown'}
            values={{ count: paid?.credits ?? '', credits: typeof user?.credits === 'number' ? user.credits : '…' }}
            components={{ 0: <strong /> }}
          />
        </p>
        <div className="pay-done__actions">
          <Link to="/profiles" className="button button--primary">
            {t('member.pay.browse-profiles')}
          </Link>
          <Link to="/messages" className="button button--ghost">
            {t('member.pay.go-to-messages')}
          </Link>
        </div>
      </div>
    );
  }

  if (!item) {
    return (
      <div className="pr-empty" role="status">
        <Icon name="coin" size={32} />
        <h2>{t('member.pay.cart-empty')}</h2>
        <p>{t('member.pay.cart-empty-text')}</p>
        <Link to="/upgrade/credits" className="button button--primary">
          {t('member.pay.see-offers')}
        </Link>
      </div>
    );
  }

  const pay = handleSubmit((values) => {
    if (busy || waiting) return;
    send({
      type: 'PAY',
      input: {
        order: { currency: item.currency, country, products: [{ productId: item.productId, days: item.days }] },
        details: detailsOf(values),
        returnUrl: CONFIRMED_PAGE,
        purchase: { kind: item.kind, credits: item.credits },
      },
    });
  }, focusFirstError);
  const termsError = messageOf(formState.errors, 'terms');

  return (
    <div className="pay-checkout">
      <OrderSummary item={item} symbol={symbol} vat={vat} />

      <FormProvider {...form}>
        <form ref={formRef} className="pay-form panel" onSubmit={(event) => void pay(event)} noValidate aria-labelledby="pay-form-title">
          <h1 id="pay-form-title" className="pay-form__title">
            {t('member.pay.payment-details')}
          </h1>

          {payment.failure && (
            <PaymentFailedAlert
              failure={payment.failure}
              onTryAgain={() => send({ type: 'RETRY' })}
              onTryAnotherCard={() => {
                send({ type: 'RETRY' });
                retryWithNewCard();
              }}
            />
          )}
          {state.context.formError && <PaymentRefusedAlert message={state.context.formError} code={state.context.formErrorCode} />}
          {waiting && <WaitingForPaymentAlert reason={state.context.waitingReason} actionUrl={state.context.actionUrl} onCheckAgain={() => send({ type: 'CHECK_AGAIN' })} />}

          <fieldset className="pay-fieldset" disabled={busy || waiting}>
            {savedCards.length > 0 && <SavedCardPicker cards={savedCards} />}
            {watch('method') === NEW_CARD && <CardForm membership={item.kind === 'membership'} />}

            <div className={`form-field${termsError ? ' form-field--invalid' : ''}`}>
              <label className="form-check">
                <input type="checkbox" {...register('terms')} aria-invalid={Boolean(termsError)} aria-describedby={termsError ? 'pay-terms-error' : undefined} />
                <span>
                  <RichText id="member.pay.accept-terms" components={{ 0: <Link to="/terms" target="_blank" /> }} />
                </span>
              </label>
              {termsError && (
                <p id="pay-terms-error" className="form-field__error">
                  {termsError}
                </p>
              )}
            </div>
          </fieldset>

          {busy ? (
            <PaymentProgress step={payment.step} />
          ) : (
            <button type="submit" className="form-submit pay-submit" disabled={waiting}>
              <Icon name="shield" size={18} /> {t('member.pay.pay', { amount: money(item.price, symbol) })}
            </button>
          )}
          <p className="muted pay-secure">
            <Icon name="shield" size={16} /> {t('member.pay.secure')}
          </p>
          {waiting && (
            <button type="button" className="button button--ghost" onClick={() => void navigate({ to: '/profiles' })}>
              {t('member.pay.continue-browsing')}
            </button>
          )}
        </form>
      </FormProvider>
    </div>
  );
}
