import { useId, useState, type FormEvent } from 'react';
import type { MeasurementSystem } from '@sync/rules/height';
import { genderFilters } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { valueLabel } from '@web/ui/profile-card/value-label';
import {
  AGE_BOUNDS,
  CHOICE_FILTERS,
  EMPTY_FILTERS,
  heightOptions,
  normaliseAgeRange,
  type ChoiceFilterKey,
  type ProfileFilters,
} from './profiles-query';

addTexts(enMember);

export interface FiltersFormProps {
  initial: ProfileFilters;
  measurement: MeasurementSystem;
  onApply: (filters: ProfileFilters) => void;
  /** Where the form sits: the heading level and the ids differ between sidebar and sheet. */
  idPrefix: string;
}

const toNumber = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

/** docs/product.md#data filters as one form; nothing is sent until "Show results" (or Enter). */
interface HeightSelectProps {
  id: string;
  label: string;
  options: ReturnType<typeof heightOptions>;
  value: number | undefined;
  onChange: (cm: number | undefined) => void;
}

/** One end of the height range: 'Any' or a height, labelled in the member's measurement system. */
function HeightSelect({ id, label, options, value, onChange }: HeightSelectProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className="form-input" value={value ?? ''} onChange={(event) => onChange(toNumber(event.target.value))}>
        <option value="">{t('member.profiles.any')}</option>
        {options.map((option) => (
          <option key={option.cm} value={option.cm}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

export function FiltersForm({ initial, measurement, onApply, idPrefix }: FiltersFormProps) {
  const [draft, setDraft] = useState<ProfileFilters>(initial);
  const [ageMin, setAgeMin] = useState(initial.ageMin?.toString() ?? '');
  const [ageMax, setAgeMax] = useState(initial.ageMax?.toString() ?? '');
  const heights = heightOptions(measurement);
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${name}-${uid}`;

  const toggle = (key: ChoiceFilterKey, value: string, on: boolean) =>
    setDraft((current) => {
      const list = current[key] as string[];
      const next = on ? [...list, value] : list.filter((item) => item !== value);
      return { ...current, [key]: next };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ages = normaliseAgeRange(toNumber(ageMin), toNumber(ageMax));
    let { heightMin, heightMax } = draft;
    if (heightMin !== undefined && heightMax !== undefined && heightMin > heightMax) [heightMin, heightMax] = [heightMax, heightMin];
    setAgeMin(ages.ageMin?.toString() ?? '');
    setAgeMax(ages.ageMax?.toString() ?? '');
    onApply({ ...draft, ageMin: ages.ageMin, ageMax: ages.ageMax, heightMin, heightMax });
  };

  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setAgeMin('');
    setAgeMax('');
    onApply(EMPTY_FILTERS);
  };

  return (
    <form className="filters-form" onSubmit={submit} aria-label={t('member.profiles.filters')}>
      <fieldset className="filters-form__group">
        <legend>{t('member.profiles.show-me')}</legend>
        <div className="filter-chips">
          {/* No choice shows the member's looking-for gender; Everyone lifts the gender filter. */}
          {genderFilters.map((gender) => (
            <label key={gender} className="filter-chip">
              <input
                type="radio"
                name={id('gender')}
                checked={draft.gender === gender}
                onChange={() => setDraft((current) => ({ ...current, gender }))}
              />
              <span>{valueLabel(gender)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="filters-form__group">
        <legend>{t('member.profiles.age')}</legend>
        <div className="filters-form__range">
          <label htmlFor={id('age-min')} className="visually-hidden">
            {t('member.profiles.min-age')}
          </label>
          <input
            id={id('age-min')}
            className="form-input"
            type="number"
            inputMode="numeric"
            min={AGE_BOUNDS.min}
            max={AGE_BOUNDS.max}
            placeholder={String(AGE_BOUNDS.min)}
            value={ageMin}
            onChange={(event) => setAgeMin(event.target.value)}
          />
          <span aria-hidden="true">{t('member.profiles.to')}</span>
          <label htmlFor={id('age-max')} className="visually-hidden">
            {t('member.profiles.max-age')}
          </label>
          <input
            id={id('age-max')}
            className="form-input"
            type="number"
            inputMode="numeric"
            min={AGE_BOUNDS.min}
            max={AGE_BOUNDS.max}
            placeholder={String(AGE_BOUNDS.max)}
            value={ageMax}
            onChange={(event) => setAgeMax(event.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className="filters-form__group">
        <legend>{measurement === 'metric' ? t('member.profiles.height-metric') : t('member.profiles.height-imperial')}</legend>
        <div className="filters-form__range">
          <HeightSelect
            id={id('height-min')}
            label={t('member.profiles.min-height')}
            options={heights}
            value={draft.heightMin}
            onChange={(cm) => setDraft((current) => ({ ...current, heightMin: cm }))}
          />
          <span aria-hidden="true">{t('member.profiles.to')}</span>
          <HeightSelect
            id={id('height-max')}
            label={t('member.profiles.max-height')}
            options={heights}
            value={draft.heightMax}
            onChange={(cm) => setDraft((current) => ({ ...current, heightMax: cm }))}
          />
        </div>
      </fieldset>

      {CHOICE_FILTERS.map((filter) => (
        <fieldset key={filter.key} className="filters-form__group">
          <legend>{t(filter.legend)}</legend>
          <div className="filter-chips">
            {filter.values.map((value) => (
              <label key={value} className="filter-chip">
                <input
                  type="checkbox"
                  name={filter.key}
                  value={value}
                  checked={(draft[filter.key] as string[]).includes(value)}
                  onChange={(event) => toggle(filter.key, value, event.target.checked)}
                />
                <span>{valueLabel(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}

      <div className="filters-form__actions">
        <button type="button" className="button button--ghost" onClick={clear}>
          {t('member.profiles.clear-all')}
        </button>
        <button type="submit" className="button button--primary">
          {t('member.profiles.show-results')}
        </button>
      </div>
    </form>
  );
}
