import type { InputHTMLAttributes } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { messageOf } from '@web/ui/forms/contract-form';
import { FormField, type FieldControlProps } from '@web/ui/forms/form-field';
import { formatCardNumber, type CheckoutValues } from './card-form-rules';

addTexts(enMember);

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** The id the checkout focuses when the member is sent back to try a different card. */
export const CARD_NUMBER_ID = 'pay-card-number';

function years(now = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: 16 }, (_, i) => String(first + i));
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

type NormalisedInputProps = {
  aria: FieldControlProps;
  name: 'cardNumber' | 'cvv';
  normalise: (value: string) => string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'className' | 'autoComplete' | 'placeholder' | 'maxLength'>;

/** A numeric card field whose value is normalised as it is typed, so what the member sees is what the tokeniser gets. */
function NormalisedInput({ aria, name, normalise, ...rest }: NormalisedInputProps) {
  const { control } = useFormContext<CheckoutValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <input {...aria} {...field} {...rest} inputMode="numeric" onChange={(e) => field.onChange(normalise(e.target.value))} />}
    />
  );
}

/** The new-card fields of the checkout (docs/product.md#data): they go to the processor's tokeniser, never to our API. */
export function CardForm({ membership }: { membership: boolean }) {
  const { register, formState } = useFormContext<CheckoutValues>();
  const error = (name: keyof CheckoutValues) => messageOf(formState.errors, name);
  return (
    <div className="pay-card-fields">
      <FormField label={t('member.pay.cardholder')} required error={error('cardholder')} className="pay-span-2">
        {(control) => <input {...control} {...register('cardholder')} className="form-input" autoComplete="cc-name" />}
      </FormField>
      <FormField label={t('member.pay.card-number')} required error={error('cardNumber')} id={CARD_NUMBER_ID} className="pay-span-2">
        {(aria) => (
          <NormalisedInput
            aria={aria}
            name="cardNumber"
            normalise={formatCardNumber}
            className="form-input pay-card-number"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
          />
        )}
      </FormField>
      <fieldset className="pay-expiry">
        <legend className="form-field__label">
          {t('member.pay.expiry')}
          <span className="form-field__required" aria-hidden="true"> *</span>
        </legend>
        <div className="pay-expiry__row">
          <FormField label={t('member.pay.month')} error={error('expMonth')}>
            {(control) => (
              <select {...control} {...register('expMonth')} className="form-input" autoComplete="cc-exp-month">
                <option value="">{t('member.pay.month-placeholder')}</option>
                {MONTHS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('member.pay.year')} error={error('expYear')}>
            {(control) => (
              <select {...control} {...register('expYear')} className="form-input" autoComplete="cc-exp-year">
                <option value="">{t('member.pay.year-placeholder')}</option>
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
      <FormField label={t('member.pay.cvv')} required error={error('cvv')} hint={t('member.pay.cvv-hint')}>
        {(aria) => <NormalisedInput aria={aria} name="cvv" normalise={digitsOnly} className="form-input" autoComplete="cc-csc" maxLength={4} />}
      </FormField>
      <FormField label={t('member.pay.first-name')} required error={error('firstName')}>
        {(control) => <input {...control} {...register('firstName')} className="form-input" autoComplete="given-name" />}
      </FormField>
      <FormField label={t('member.pay.last-name')} required error={error('lastName')}>
        {(control) => <input {...control} {...register('lastName')} className="form-input" autoComplete="family-name" />}
      </FormField>
      <FormField label={t('member.pay.zip')} required error={error('zip')}>
        {(control) => <input {...control} {...register('zip')} className="form-input" inputMode="numeric" autoComplete="postal-code" />}
      </FormField>
      <FormField label={t('member.pay.city')} error={error('city')}>
        {(control) => <input {...control} {...register('city')} className="form-input" autoComplete="address-level2" />}
      </FormField>
      <label className="form-check pay-span-2">
        <input type="checkbox" {...register('saveCard')} />
        <span>{t(membership ? 'checkout.save-card-membership' : 'checkout.save-card')}</span>
      </label>
    </div>
  );
}
