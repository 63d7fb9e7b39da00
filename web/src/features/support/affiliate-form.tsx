import { useCallback, useState } from 'react';
import {
  YEARS_OF_EXPERIENCE_MAX,
  affiliateBody,
  messengerLabels,
  messengers,
  trafficSources,
  verticals,
  type AffiliateBody,
  type Messenger,
  type TrafficSource,
  type Vertical,
} from '@sync/contract/support';
import { addTexts, t } from '@sync/texts';
import { enSupport } from '@sync/locales/en-support';
import { contractResolver, messageOf, useContractForm, useOnEdit } from '@web/ui/forms/contract-form';
import { ChoiceGroup, FormField, SubmitButton } from '@web/ui/forms/form-field';
import { sendAffiliateApplication } from './support-api';
import './support.css';

addTexts(enSupport);

interface Values {
  fullName: string;
  email: string;
  company: string;
  messenger: Messenger | '';
  messengerId: string;
  country: string;
  yearsOfExperience: string;
  geos: string;
  trafficSources: TrafficSource[];
  otherVerticals: Vertical[];
  otherText: string;
}

const initial: Values = {
  fullName: '',
  email: '',
  company: '',
  messenger: '',
  messengerId: '',
  country: '',
  yearsOfExperience: '',
  geos: '',
  trafficSources: [],
  otherVerticals: [],
  otherText: '',
};

function toInput(values: Values) {
  const years = values.yearsOfExperience.trim();
  return {
    ...values,
    messenger: values.messenger || undefined,
    yearsOfExperience: years === '' ? undefined : Number(years),
    otherText: values.otherText,
  };
}

const resolver = contractResolver<Values, AffiliateBody>(affiliateBody, toInput);

/** docs/product.md#data affiliate form -> POST /customer-support?form_type=affiliate. */
export function AffiliateForm() {
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: initial });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);
  // The failure notice is about the application as it was sent: any change makes it stale.
  useOnEdit(form, useCallback(() => setFailed(false), []));

  const submit = handleSubmit(async (body) => {
    setFailed(false);
    try {
      await sendAffiliateApplication(body);
      setSent(true);
    } catch {
      setFailed(true);
    }
  }, focusFirstError);

  if (sent) {
    return (
      <div className="support-done" role="status">
        <span className="support-done__icon" aria-hidden="true">
          {'✓'}
        </span>
        <h2 className="support-done__title">{t('support.application-received')}</h2>
        <p className="support-done__message">{t('support.affiliate-success')}</p>
      </div>
    );
  }

  const text = (field: 'fullName' | 'email' | 'company' | 'messengerId' | 'country' | 'geos', label: string, extra: Record<string, string> = {}, hint?: string) => (
    <FormField id={`affiliate-${field}`} label={label} required error={messageOf(errors, field)} hint={hint}>
      {(control) => <input {...control} {...extra} {...register(field)} className="form-input" />}
    </FormField>
  );

  const messenger = watch('messenger');
  return (
    <form ref={formRef} className="form-stack" onSubmit={(event) => void submit(event)} noValidate aria-label={t('support.affiliate-form')}>
      <h3 className="support-form__section">{t('support.about-you')}</h3>
      <div className="form-row form-row--2">
        {text('fullName', t('support.full-name'), { autoComplete: 'name' })}
        {text('email', t('support.email'), { type: 'email', autoComplete: 'email' })}
      </div>
      <div className="form-row form-row--2">
        {text('company', t('support.company'), { autoComplete: 'organization' })}
        {text('country', t('support.country'), { autoComplete: 'country-name' })}
      </div>
      <div className="form-row form-row--2">
        <FormField id="affiliate-messenger" label={t('support.messenger')} required error={messageOf(errors, 'messenger')}>
          {(control) => (
            <select {...control} {...register('messenger')} className="form-input">
              <option value="">{t('support.choose-messenger')}</option>
              {messengers.map((m) => (
                <option key={m} value={m}>
                  {messengerLabels[m]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('messengerId', messenger ? t('support.messenger-id-of', { messenger: messengerLabels[messenger] }) : t('support.messenger-id'), { autoComplete: 'off' })}
      </div>

      <h3 className="support-form__section">{t('support.your-traffic')}</h3>
      <div className="form-row form-row--2">
        <FormField id="affiliate-yearsOfExperience" label={t('support.years-of-experience')} required error={messageOf(errors, 'yearsOfExperience')}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={YEARS_OF_EXPERIENCE_MAX}
              step={1}
              {...register('yearsOfExperience')}
            />
          )}
        </FormField>
        {text('geos', t('support.geos'), {}, t('support.geos-hint'))}
      </div>

      <ChoiceGroup legend={t('support.traffic-sources')} required error={messageOf(errors, 'trafficSources')} hint={t('support.traffic-sources-hint')}>
        {(aria) => (
          <div className="check-grid">
            {trafficSources.map((source) => (
              <label key={source} className="form-check">
                <input
                  type="checkbox"
                  {...register('trafficSources')}
                  value={source}
                  aria-invalid={aria['aria-invalid']}
                />
                <span>{t(`support.source-${source}`)}</span>
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>

      <ChoiceGroup legend={t('support.other-verticals')} error={messageOf(errors, 'otherVerticals')} hint={t('support.optional')}>
        {() => (
          <div className="check-grid">
            {verticals.map((vertical) => (
              <label key={vertical} className="form-check">
                <input
                  type="checkbox"
                  {...register('otherVerticals')}
                  value={vertical}
                />
                <span>{t(`support.vertical-${vertical}`)}</span>
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>

      <FormField id="affiliate-otherText" label={t('support.other-text')} error={messageOf(errors, 'otherText')} hint={t('support.other-text-hint')}>
        {(control) => <textarea {...control} {...register('otherText')} className="form-input" rows={4} />}
      </FormField>

      {failed && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t('support.failed')}</p>
        </div>
      )}
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('support.sending')}>
        {t('support.apply')}
      </SubmitButton>
    </form>
  );
}
