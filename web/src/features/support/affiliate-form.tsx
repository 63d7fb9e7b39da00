import { useRef, useState, type FormEvent } from 'react';
import {
  YEARS_OF_EXPERIENCE_MAX,
  affiliateBody,
  messengerLabels,
  messengers,
  trafficSourceLabels,
  trafficSources,
  verticalLabels,
  verticals,
  type Messenger,
  type TrafficSource,
  type Vertical,
} from '@sync/contract/support';
import { t } from '@sync/texts';
import { fieldErrorsOf, focusFirstInvalid, type FieldErrors } from '@web/ui/forms/field-errors';
import { ChoiceGroup, FormField, SubmitButton } from '@web/ui/forms/form-field';
import { sendAffiliateApplication } from './support-api';
import './support.css';

type Field =
  | 'fullName'
  | 'email'
  | 'company'
  | 'messenger'
  | 'messengerId'
  | 'country'
  | 'yearsOfExperience'
  | 'geos'
  | 'trafficSources'
  | 'otherVerticals'
  | 'otherText';

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

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** SPEC §3 affiliate form -> POST /customer-support?form_type=affiliate. */
export function AffiliateForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sent, setSent] = useState(false);

  const update = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFailed(false);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = affiliateBody.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Field>(parsed.error));
      queueMicrotask(() => focusFirstInvalid(formRef.current));
      return;
    }
    setBusy(true);
    setFailed(false);
    try {
      await sendAffiliateApplication(parsed.data);
      setSent(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className="support-done" role="status">
        <span className="support-done__icon" aria-hidden="true">
          ✓
        </span>
        <h2 className="support-done__title">Application received</h2>
        <p className="support-done__message">{t('support.affiliate-success')}</p>
      </div>
    );
  }

  const text = (field: 'fullName' | 'email' | 'company' | 'messengerId' | 'country' | 'geos', label: string, extra: Record<string, string> = {}, hint?: string) => (
    <FormField id={`affiliate-${field}`} label={label} required error={errors[field]} hint={hint}>
      {(control) => <input {...control} {...extra} className="form-input" name={field} value={values[field]} onChange={(e) => update(field, e.target.value)} />}
    </FormField>
  );

  return (
    <form ref={formRef} className="form-stack" onSubmit={submit} noValidate aria-label="Affiliate application">
      <h3 className="support-form__section">About you</h3>
      <div className="form-row form-row--2">
        {text('fullName', 'Full name', { autoComplete: 'name' })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
      </div>
      <div className="form-row form-row--2">
        {text('company', 'Company', { autoComplete: 'organization' })}
        {text('country', 'Country', { autoComplete: 'country-name' })}
      </div>
      <div className="form-row form-row--2">
        <FormField id="affiliate-messenger" label="Messenger" required error={errors.messenger}>
          {(control) => (
            <select {...control} className="form-input" name="messenger" value={values.messenger} onChange={(e) => update('messenger', e.target.value as Messenger | '')}>
              <option value="">Choose a messenger…</option>
              {messengers.map((m) => (
                <option key={m} value={m}>
                  {messengerLabels[m]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('messengerId', values.messenger ? `${messengerLabels[values.messenger]} ID` : 'Messenger ID', { autoComplete: 'off' })}
      </div>

      <h3 className="support-form__section">Your traffic</h3>
      <div className="form-row form-row--2">
        <FormField id="affiliate-yearsOfExperience" label="Years of experience" required error={errors.yearsOfExperience}>
          {(control) => (
            <input
              {...control}
              className="form-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={YEARS_OF_EXPERIENCE_MAX}
              step={1}
              name="yearsOfExperience"
              value={values.yearsOfExperience}
              onChange={(e) => update('yearsOfExperience', e.target.value)}
            />
          )}
        </FormField>
        {text('geos', 'GEOs you promote', {}, 'Countries or regions, e.g. US, CA, UK, DACH.')}
      </div>

      <ChoiceGroup legend="Traffic sources" required error={errors.trafficSources} hint="Select every source you work with.">
        {(aria) => (
          <div className="check-grid">
            {trafficSources.map((source) => (
              <label key={source} className="form-check">
                <input
                  type="checkbox"
                  name="trafficSources"
                  value={source}
                  aria-invalid={aria['aria-invalid']}
                  checked={values.trafficSources.includes(source)}
                  onChange={() => update('trafficSources', toggle(values.trafficSources, source))}
                />
                <span>{trafficSourceLabels[source]}</span>
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>

      <ChoiceGroup legend="Other verticals you run" error={errors.otherVerticals} hint="Optional.">
        {() => (
          <div className="check-grid">
            {verticals.map((vertical) => (
              <label key={vertical} className="form-check">
                <input
                  type="checkbox"
                  name="otherVerticals"
                  value={vertical}
                  checked={values.otherVerticals.includes(vertical)}
                  onChange={() => update('otherVerticals', toggle(values.otherVerticals, vertical))}
                />
                <span>{verticalLabels[vertical]}</span>
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>

      <FormField id="affiliate-otherText" label="Anything else we should know?" error={errors.otherText} hint="Optional: volumes, tracking platform, other verticals.">
        {(control) => <textarea {...control} className="form-input" name="otherText" rows={4} value={values.otherText} onChange={(e) => update('otherText', e.target.value)} />}
      </FormField>

      {failed && (
        <div className="form-alert form-alert--error" role="alert">
          <p>{t('support.failed')}</p>
        </div>
      )}
      <SubmitButton busy={busy} busyLabel="Sending…">
        Apply now
      </SubmitButton>
    </form>
  );
}
