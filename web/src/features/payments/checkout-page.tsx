import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { pickPriceEntry, vatAmount } from '@sync/rules/pricing';
import { t } from '@sync/texts';
import { useBrand } from '@web/lib/brand-context';
import { cartStore, useCart, type CartItem } from '@web/lib/cart';
import { currencySymbol, money } from '@web/lib/price-plans';
import { userStore, useUser } from '@web/lib/user-store';
import { paymentMachine, type PaymentDetails } from '@web/machines/payment.machine';
import { requestPull } from '@web/sync/sync-runtime';
import { FormField } from '@web/ui/forms/form-field';
import { Icon } from '@web/ui/icons';
import { closePopup, openPopup } from '@web/ui/popups/popup-queue';
import { subscriptionNotice } from '@web/ui/price-cards';
import { emptyCardForm, formatCardNumber, validateCardForm, validateTerms, type CardFormErrors, type CardFormValues } from './card-form-rules';
import { AgeVerificationNeeded } from './age-verification';
import { failureText, failureTitle } from './failure-text';
import { SavedCardsList, savedCardsOf } from './saved-cards';
import '@web/ui/forms/forms.css';
import './payments.css';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const NEW_CARD = 'new';
/** Where the processor's confirmation page lands after the member answers (inside the waiting popup's frame). */
const CONFIRMED_PAGE = '/payment-confirmed.html';

function years(now = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: 16 }, (_, i) => String(first + i));
}

function OrderSummary({ item, symbol, vat }: { item: CartItem; symbol: string; vat: number }) {
  return (
    <section className="pay-summary panel" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title" className="pay-summary__title">
        Your order
      </h2>
      <div className="pay-summary__line">
        <span className="pay-summary__item">
          <Icon name={item.kind === 'membership' ? 'crown' : 'coin'} size={22} />
          <span>
            <strong>{item.label}</strong>
            {item.kind === 'membership' && item.credits > 0 && <span className="muted pay-summary__sub">{item.credits} complimentary credits every month</span>}
            {item.kind === 'credits' && <span className="muted pay-summary__sub">One credit sends one message</span>}
          </span>
        </span>
        <span className="pay-summary__price">{money(item.price, symbol)}</span>
      </div>
      <div className="pay-summary__total">
        <span>Total</span>
        <strong>
          {money(item.price, symbol)} <span className="pay-summary__currency">{item.currency}</span>
        </strong>
      </div>
      {vat > 0 && <p className="muted pay-summary__vat">Includes {money(vat, symbol)} VAT</p>}
      {item.kind === 'membership' && <p className="pay-summary__notice">{subscriptionNotice({ price: item.price, currency: item.currency, days: item.days }, symbol)}</p>}
      {item.kind === 'membership' && <p className="muted pay-summary__rule">{t('payment.one-membership')}</p>}
      {item.firstPurchaseOnly && <p className="muted pay-summary__rule">{t('payment.first-purchase-notice')}</p>}
      <Link to={item.kind === 'membership' ? '/upgrade/premium' : '/upgrade/credits'} className="pay-summary__change">
        Change
      </Link>
    </section>
  );
}

function Progress({ step }: { step: 'tokenizing' | 'ordering' | 'charging' | 'confirming' }) {
  const steps = [
    { key: 'tokenizing', label: 'Securing your card details' },
    { key: 'ordering', label: 'Creating your order' },
    { key: 'charging', label: 'Charging your card' },
    { key: 'confirming', label: "Waiting for your bank's confirmation" },
  ] as const;
  const at = steps.findIndex((s) => s.key === step);
  return (
    <div className="pay-progress" role="status" aria-live="polite">
      <span className="spinner pay-progress__spinner" aria-hidden="true" />
      <div>
        <p className="pay-progress__now">{steps[at]?.label}…</p>
        <ol className="pay-progress__steps" aria-hidden="true">
          {steps.map((s, i) => (
            <li key={s.key} className={i < at ? 'is-done' : i === at ? 'is-current' : ''}>
              {s.label}
            </li>
          ))}
        </ol>
        <p className="muted pay-progress__hint">Please keep this page open.</p>
      </div>
    </div>
  );
}

/** /upgrade/checkout (step 2 of 2): the cart's item paid with a new card (tokenised first) or a saved one. */
export function CheckoutPage() {
  const cart = useCart();
  const { user } = useUser();
  const { brand, config } = useBrand();
  const navigate = useNavigate();
  const savedCards = savedCardsOf(user);
  const [method, setMethod] = useState<string>(savedCards[0]?.cardId ?? NEW_CARD);
  const [values, setValues] = useState<CardFormValues>(() => emptyCardForm({ firstName: user?.firstName, lastName: user?.lastName }));
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // What the machine's effects need between renders: the item being paid and the open waiting popup.
  const [effects] = useState(() => ({ item: null as CartItem | null, waitingPopup: null as number | null }));
  const [paid, setPaid] = useState<CartItem | null>(null);
  // The failure is told once: by its popup, then, once that is closed, by the alert above the form.
  const [failurePopupOpen, setFailurePopupOpen] = useState(false);

  const [machine] = useState(() =>
    paymentMachine.provide({
      actions: {
        paymentSucceeded: ({ context }) => {
          if (effects.waitingPopup !== null) closePopup(effects.waitingPopup);
          const item = effects.item;
          cartStore.clear();
          // Credits and premium come from the server: read the member again, and let the mirror catch up.
          const id = userStore.get().user?._id;
          if (id) void userStore.load(id).catch(() => undefined);
          requestPull();
          openPopup('payment-success', { orderId: context.orderId ?? undefined, kind: item?.kind, credits: item?.credits, invoiceId: context.order?.invoiceId ?? null });
        },
        paymentFailed: ({ context, self }) => {
          if (effects.waitingPopup !== null) closePopup(effects.waitingPopup);
          setFailurePopupOpen(true);
          openPopup(
            'payment-failed',
            {
              reason: context.failure ?? 'system',
              onRetry: () => {
                self.send({ type: 'RETRY' });
                retryWithNewCard();
              },
            },
            { onClose: () => setFailurePopupOpen(false) },
          );
        },
        paymentWaiting: ({ context, self }) => {
          if (effects.waitingPopup !== null) return;
          effects.waitingPopup = openPopup(
            'waiting-for-payment',
            { orderId: context.orderId ?? undefined, actionUrl: context.actionUrl, reason: context.waitingReason ?? 'timeout', onCheckAgain: () => self.send({ type: 'CHECK_AGAIN' }) },
            { onClose: () => (effects.waitingPopup = null) },
          );
        },
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: {} });

  function retryWithNewCard() {
    setMethod(NEW_CARD);
    setValues((v) => ({ ...v, cardNumber: '', cvv: '' }));
    setErrors({});
    setAttempted(false);
    requestAnimationFrame(() => document.getElementById('pay-card-number')?.focus());
  }

  const item = cart.items[0] ?? (state.matches('success') ? paid : null);
  const country = String(config?.country ?? 'US').toUpperCase();
  const symbol = currencySymbol(item?.currency ?? 'USD', config?.currencySymbol);
  const vat = useMemo(() => {
    const product = item ? (brand?.products as { _id: string; pricing: Record<string, { vat: number; currency: string; intervals: [] }> }[] | undefined)?.find((p) => p._id === item.productId) : undefined;
    const entry = product ? pickPriceEntry(product, country) : undefined;
    return item && entry ? vatAmount(item.price, entry.vat) : 0;
  }, [brand, item, country]);

  if (state.matches('success')) {
    return (
      <div className="pay-done panel" role="status">
        <div className="pay-popup__icon pay-popup__icon--success" aria-hidden="true">
          ✓
        </div>
        <h1 className="page-title">Thank you!</h1>
        <p>
          {paid?.kind === 'membership' ? 'Your VIP membership is active.' : `${paid?.credits ?? 'Your'} credits are in your account.`} You now have{' '}
          <strong>{typeof user?.credits === 'number' ? user.credits : '…'}</strong> credits.
        </p>
        <div className="pay-done__actions">
          <Link to="/profiles" className="button button--primary">
            Browse profiles
          </Link>
          <Link to="/messages" className="button button--ghost">
            Go to messages
          </Link>
        </div>
      </div>
    );
  }

  if (!item) {
    return (
      <div className="pr-empty" role="status">
        <Icon name="coin" size={32} />
        <h2>Your cart is empty</h2>
        <p>Choose a credit package or a VIP membership first.</p>
        <Link to="/upgrade/credits" className="button button--primary">
          See offers
        </Link>
      </div>
    );
  }

  const busy = state.matches('submitting') || state.matches('waitingForConfirmation');
  const waiting = state.matches('waitingForPayment');
  const newCard = method === NEW_CARD;
  const step = state.matches({ submitting: 'tokenizing' })
    ? 'tokenizing'
    : state.matches({ submitting: 'ordering' })
      ? 'ordering'
      : state.matches({ submitting: 'charging' })
        ? 'charging'
        : 'confirming';

  const set = <K extends keyof CardFormValues>(field: K, value: CardFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(newCard ? validateCardForm(next, terms) : validateTerms(terms));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || waiting || !item) return;
    const found = newCard ? validateCardForm(values, terms) : validateTerms(terms);
    setErrors(found);
    setAttempted(true);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const details: PaymentDetails = newCard
      ? {
          kind: 'card',
          card: { cardNumber: values.cardNumber.replace(/ /g, ''), expMonth: Number(values.expMonth), expYear: Number(values.expYear), cvv: values.cvv, cardholder: values.cardholder.trim(), zip: values.zip.trim() },
          saveCard: values.saveCard,
        }
      : { kind: 'saved', savedCardId: method };
    effects.item = item;
    setPaid(item);
    send({ type: 'PAY', input: { order: { currency: item.currency, country, products: [{ productId: item.productId, days: item.days }] }, details, returnUrl: CONFIRMED_PAGE } });
  }

  const failure = state.matches('failure') ? state.context.failure : null;
  const field = (name: keyof CardFormValues) => ({ error: errors[name] });

  return (
    <div className="pay-checkout">
      <OrderSummary item={item} symbol={symbol} vat={vat} />

      <form ref={formRef} className="pay-form panel" onSubmit={submit} noValidate aria-labelledby="pay-form-title">
        <h1 id="pay-form-title" className="pay-form__title">
          Payment details
        </h1>

        {failure && !failurePopupOpen && (
          <div className="form-alert form-alert--error pay-alert" role="alert">
            <strong>{failureTitle(failure)}.</strong> {failureText(failure)}
            <div className="pay-alert__actions">
              {failure === 'bank' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    send({ type: 'RETRY' });
                    retryWithNewCard();
                  }}
                >
                  Try a different card
                </button>
              ) : (
                <>
                  <Link to="/contact-us" className="button button--ghost">
                    Contact support
                  </Link>
                  <button type="button" className="button button--ghost" onClick={() => send({ type: 'RETRY' })}>
                    Try again
                  </button>
                </>
              )}
            </div>
          </div>
        )}
        {state.context.formError &&
          (state.context.formErrorCode === 'age-verification-required' ? (
            <AgeVerificationNeeded message={state.context.formError} />
          ) : (
            <p className="form-alert form-alert--error" role="alert">
              {state.context.formError}
            </p>
          ))}
        {waiting && (
          <div className="form-alert pay-alert pay-alert--waiting" role="status">
            <strong>Waiting for payment.</strong> {state.context.waitingReason === 'action' ? 'Your bank asks you to confirm the payment.' : 'Your bank has not answered yet.'}
            <div className="pay-alert__actions">
              {state.context.actionUrl && (
                <a className="button button--ghost" href={state.context.actionUrl} target="_blank" rel="noopener">
                  Open the confirmation page
                </a>
              )}
              <button type="button" className="button button--primary" onClick={() => send({ type: 'CHECK_AGAIN' })}>
                Check again
              </button>
            </div>
          </div>
        )}

        <fieldset className="pay-fieldset" disabled={busy || waiting}>
          {savedCards.length > 0 && (
            <SavedCardsList
              cards={savedCards}
              selected={method}
              onSelect={setMethod}
              newCardValue={NEW_CARD}
              onRemoved={(cardId) => {
                if (method === cardId) setMethod(savedCards.find((c) => c.cardId !== cardId)?.cardId ?? NEW_CARD);
              }}
            />
          )}

          {newCard && (
            <div className="pay-card-fields">
              <FormField label="Cardholder name" required {...field('cardholder')} className="pay-span-2">
                {(control) => <input {...control} className="form-input" autoComplete="cc-name" value={values.cardholder} onChange={(e) => set('cardholder', e.target.value)} />}
              </FormField>
              <FormField label="Card number" required {...field('cardNumber')} id="pay-card-number" className="pay-span-2">
                {(control) => (
                  <input
                    {...control}
                    className="form-input pay-card-number"
                    inputMode="numeric"
                    autoComplete="cc-number"
                    placeholder="1234 5678 9012 3456"
                    value={values.cardNumber}
                    onChange={(e) => set('cardNumber', formatCardNumber(e.target.value))}
                  />
                )}
              </FormField>
              <fieldset className="pay-expiry">
                <legend className="form-field__label">
                  Expiration date<span className="form-field__required" aria-hidden="true"> *</span>
                </legend>
                <div className="pay-expiry__row">
                  <FormField label="Month" {...field('expMonth')}>
                    {(control) => (
                      <select {...control} className="form-input" autoComplete="cc-exp-month" value={values.expMonth} onChange={(e) => set('expMonth', e.target.value)}>
                        <option value="">MM</option>
                        {MONTHS.map((m) => (
                          <option key={m} value={m}>
                            {m}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <FormField label="Year" {...field('expYear')}>
                    {(control) => (
                      <select {...control} className="form-input" autoComplete="cc-exp-year" value={values.expYear} onChange={(e) => set('expYear', e.target.value)}>
                        <option value="">YYYY</option>
                        {years().map((y) => (
                          <option key={y} value={y}>
                            {y}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                </div>
              </fieldset>
              <FormField label="CVV" required {...field('cvv')} hint="3 or 4 digits on the back of the card">
                {(control) => (
                  <input {...control} className="form-input" inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={values.cvv} onChange={(e) => set('cvv', e.target.value.replace(/\D/g, ''))} />
                )}
              </FormField>
              <FormField label="First name" required {...field('firstName')}>
                {(control) => <input {...control} className="form-input" autoComplete="given-name" value={values.firstName} onChange={(e) => set('firstName', e.target.value)} />}
              </FormField>
              <FormField label="Last name" required {...field('lastName')}>
                {(control) => <input {...control} className="form-input" autoComplete="family-name" value={values.lastName} onChange={(e) => set('lastName', e.target.value)} />}
              </FormField>
              <FormField label="ZIP / postal code" required {...field('zip')}>
                {(control) => <input {...control} className="form-input" inputMode="numeric" autoComplete="postal-code" value={values.zip} onChange={(e) => set('zip', e.target.value)} />}
              </FormField>
              <FormField label="City" {...field('city')}>
                {(control) => <input {...control} className="form-input" autoComplete="address-level2" value={values.city} onChange={(e) => set('city', e.target.value)} />}
              </FormField>
              <label className="form-check pay-span-2">
                <input type="checkbox" checked={values.saveCard} onChange={(e) => set('saveCard', e.target.checked)} />
                <span>{t(item.kind === 'membership' ? 'checkout.save-card-membership' : 'checkout.save-card')}</span>
              </label>
            </div>
          )}

          <div className={`form-field${errors.terms ? ' form-field--invalid' : ''}`}>
            <label className="form-check">
              <input
                type="checkbox"
                checked={terms}
                aria-invalid={Boolean(errors.terms)}
                aria-describedby={errors.terms ? 'pay-terms-error' : undefined}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  if (attempted) setErrors(newCard ? validateCardForm(values, e.target.checked) : validateTerms(e.target.checked));
                }}
              />
              <span>
                I accept the{' '}
                <Link to="/terms" target="_blank">
                  terms and conditions
                </Link>{' '}
                and confirm I am 18 or older.
              </span>
            </label>
            {errors.terms && (
              <p id="pay-terms-error" className="form-field__error">
                {errors.terms}
              </p>
            )}
          </div>
        </fieldset>

        {busy ? (
          <Progress step={step} />
        ) : (
          <button type="submit" className="form-submit pay-submit" disabled={waiting}>
            <Icon name="shield" size={18} /> Pay {money(item.price, symbol)}
          </button>
        )}
        <p className="muted pay-secure">
          <Icon name="shield" size={16} /> Card details go straight to our payment processor over an encrypted connection; we never store your card number or CVV.
        </p>
        {waiting && (
          <button type="button" className="button button--ghost" onClick={() => void navigate({ to: '/profiles' })}>
            Continue browsing
          </button>
        )}
      </form>
    </div>
  );
}

