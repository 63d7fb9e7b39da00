import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import type { FieldErrors as RhfErrors, Resolver } from 'react-hook-form';
import { genders } from '@sync/contract/auth';
import { bodyTypes, ethnicities, eyeColors, hairColors, relationshipStatuses, type Location } from '@sync/contract/entities';
import { ABOUT_ME_MAX, profileEditBody, type ProfileEditInput } from '@sync/contract/profile-edit';
import { MAX_AGE, MIN_AGE } from '@sync/rules/age';
import { feetInchesToCm, formatHeight, type MeasurementSystem } from '@sync/rules/height';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { authenticate } from '@web/lib/auth-session';
import { ApiError } from '@web/lib/http';
import { userStore, type User } from '@web/lib/user-store';
import { messageOf, useContractForm } from '@web/ui/forms/contract-form';
import { fieldErrorsOf, type FieldErrors } from '@web/ui/forms/field-errors';
import { ChoiceGroup, FormField, SubmitButton } from '@web/ui/forms/form-field';
import { PasswordInput } from '@web/ui/forms/password-input';
import { toast } from '@web/ui/toast';
import { saveProfile } from './account-api';
import { lookingForAgeOf, locationOf, type AccountUser } from './account-user';
import { CitySearch } from './city-search';
import { valueLabel } from '@web/ui/profile-card/value-label';
import { TagsInput } from './tags-input';

addTexts(enMember);

export interface EditValues {
  firstName: string;
  lastName: string;
  gender: string;
  location: Location | null;
  ageMin: string;
  ageMax: string;
  keepLocationPrivate: boolean;
  showOnline: boolean;
  lookingFor: string[];
  aboutMe: string;
  email: string;
  password: string;
  passwordConfirm: string;
  /** The API asks for it with a new password. */
  currentPassword: string;
  notifyByEmail: boolean;
  height: string;
  bodyType: string;
  hairColor: string;
  eyeColor: string;
  relationshipStatus: string;
  /** Beyond docs/product.md#data's list, the API also takes these two. */
  ethnicity: string;
  measurement: MeasurementSystem;
}

type ErrorKey = keyof EditValues | 'lookingForAge';

export function initialValues(user: AccountUser, measurement: MeasurementSystem = 'imperial'): EditValues {
  const p = user.profile ?? {};
  const s: Partial<NonNullable<NonNullable<AccountUser['profile']>['settings']>> = p.settings ?? {};
  const range = lookingForAgeOf(user);
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    gender: p.gender ?? '',
    location: locationOf(user),
    ageMin: String(range.min),
    ageMax: String(range.max),
    keepLocationPrivate: s.keepLocationPrivate ?? false,
    showOnline: s.showOnline ?? true,
    lookingFor: p.lookingFor ?? [],
    aboutMe: p.aboutMe ?? '',
    email: user.email ?? '',
    password: '',
    passwordConfirm: '',
    currentPassword: '',
    notifyByEmail: s.notifyByEmail ?? true,
    height: p.height != null ? String(p.height) : '',
    bodyType: p.bodyType ?? '',
    hairColor: p.hairColor ?? '',
    eyeColor: p.eyeColor ?? '',
    relationshipStatus: p.relationshipStatus ?? '',
    ethnicity: p.ethnicity ?? '',
    measurement: (s as { measurement?: MeasurementSystem }).measurement ?? measurement,
  };
}

const orNull = (value: string) => (value === '' ? null : value);

/** The form's values as PATCH /user/{id} takes them (sync/contract/profile-edit). */
export function toEditBody(values: EditValues): ProfileEditInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    gender: values.gender as ProfileEditInput['gender'],
    location: values.location,
    lookingForAge: { min: values.ageMin === '' ? Number.NaN : Number(values.ageMin), max: values.ageMax === '' ? Number.NaN : Number(values.ageMax) },
    keepLocationPrivate: values.keepLocationPrivate,
    showOnline: values.showOnline,
    lookingFor: values.lookingFor,
    aboutMe: values.aboutMe,
    email: values.email,
    ...(values.password ? { password: values.password } : {}),
    notifyByEmail: values.notifyByEmail,
    height: values.height === '' ? null : Number(values.height),
    bodyType: orNull(values.bodyType) as ProfileEditInput['bodyType'],
    hairColor: orNull(values.hairColor) as ProfileEditInput['hairColor'],
    eyeColor: orNull(values.eyeColor) as ProfileEditInput['eyeColor'],
    relationshipStatus: orNull(values.relationshipStatus) as ProfileEditInput['relationshipStatus'],
  };
}

/** A new password or a new email needs the current password (the API refuses either with the token alone). */
export const needsCurrentPassword = (values: EditValues, savedEmail: string) =>
  values.password !== '' || values.email.trim().toLowerCase() !== savedEmail.toLowerCase();

export function validateEdit(values: EditValues, savedEmail = values.email): { body?: ReturnType<typeof profileEditBody.parse>; errors: FieldErrors<ErrorKey> } {
  const parsed = profileEditBody.safeParse(toEditBody(values));
  const errors: FieldErrors<ErrorKey> = parsed.success ? {} : fieldErrorsOf<ErrorKey>(parsed.error);
  if (values.password && values.password !== values.passwordConfirm) errors.passwordConfirm = t('validation.passwords-match');
  if (needsCurrentPassword(values, savedEmail) && !values.currentPassword) errors.currentPassword = t('validation.required');
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data, errors } : { errors };
}


function heightChoices(system: MeasurementSystem): { cm: number; label: string }[] {
  if (system === 'metric') return Array.from({ length: 81 }, (_, i) => 140 + i).map((cm) => ({ cm, label: formatHeight(cm, 'metric') }));
  const out: { cm: number; label: string }[] = [];
  for (let inches = 4 * 12 + 7; inches <= 7 * 12; inches++) {
    const cm = feetInchesToCm(Math.floor(inches / 12), inches % 12);
    out.push({ cm, label: formatHeight(cm, 'imperial') });
  }
  return out;
}

export interface ProfileEditFormProps {
  user: AccountUser;
  country: string;
  measurement: MeasurementSystem;
  /** After a successful save, with the saved user. */
  onSaved?: (user: User) => void;
}

/** docs/product.md#data profile edit fields with the docs/product.md#validation rules (shared with the API through sync/contract/profile-edit). */
/** What PATCH /user/{id} gets: the validated edit fields (docs/product.md#data) plus ethnicity, unit and, with a new password or email, the current password. */
export function patchBody(body: NonNullable<ReturnType<typeof validateEdit>['body']>, values: EditValues, savedEmail = values.email) {
  return {
    ...body,
    ethnicity: orNull(values.ethnicity),
    measurement: values.measurement,
    ...(needsCurrentPassword(values, savedEmail) ? { currentPassword: values.currentPassword } : {}),
  };
}

/** `error.fields` of a 400 (docs/api.md#errors error shape plus details), as form messages. */
function serverFieldErrors(error: ApiError): FieldErrors<ErrorKey> {
  const fields = (error.body as { error?: { fields?: unknown } } | undefined)?.error?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const out: FieldErrors<ErrorKey> = {};
  for (const [path, message] of Object.entries(fields as Record<string, unknown>)) {
    const key = path.split('.')[0] as ErrorKey;
    if (typeof message === 'string' && out[key] === undefined) out[key] = message;
  }
  return out;
}

type PatchBody = ReturnType<typeof patchBody>;

/** The house's form resolver over validateEdit: the contract's rules plus the password pair and the current password. */
function editResolver(savedEmail: string): Resolver<EditValues, unknown, PatchBody> {
  return (values) => {
    const { body, errors } = validateEdit(values, savedEmail);
    if (body) return { values: patchBody(body, values, savedEmail), errors: {} };
    const found = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, { type: 'validate', message }]));
    return { values: {}, errors: found as RhfErrors<EditValues> };
  };
}

/** The age range's one message names no control of its own: the first of its two boxes takes the focus. */
const controlsOf = (errors: Partial<Record<string, unknown>>) => {
  const named: Partial<Record<string, unknown>> = { ...errors };
  if (named.lookingForAge) named.ageMin = named.lookingForAge;
  return named;
};

export function ProfileEditForm({ user, country, measurement: defaultMeasurement, onSaved }: ProfileEditFormProps) {
  const savedEmail = user.email ?? '';
  const resolver = useMemo(() => editResolver(savedEmail), [savedEmail]);
  const { form, formRef, focusFirstError } = useContractForm({ resolver, defaultValues: initialValues(user, defaultMeasurement) });
  const { register, handleSubmit, setValue, setError, formState } = form;
  const values = form.watch();
  const errorOf = (key: ErrorKey) => messageOf(formState.errors as RhfErrors<Record<ErrorKey, unknown>>, key);
  const busy = formState.isSubmitting;
  const navigate = useNavigate();
  const set = <K extends 'location' | 'lookingFor'>(key: K, value: EditValues[K]) =>
    setValue(key, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const measurement = values.measurement;
  const emailChanged = values.email.trim().toLowerCase() !== savedEmail.toLowerCase();
  const heights = heightChoices(measurement);
  const savedHeight = values.height && !heights.some((h) => String(h.cm) === values.height) ? [{ cm: Number(values.height), label: formatHeight(Number(values.height), measurement) }] : [];

  const save = async (body: PatchBody) => {
    const submitted = form.getValues();
    try {
      const answer = await saveProfile(user._id, body);
      // A password change ends the other sessions and hands this one a fresh token.
      if (typeof answer?.access_token === 'string') authenticate(answer.access_token);
      const saved = answer && typeof answer === 'object' && '_id' in answer ? answer : await userStore.load(user._id);
      userStore.set(saved);
      toast.success(t('profile-edit.saved'));
      if (emailChanged) toast.info(t('verify.email-changed', { email: body.email }));
      if (submitted.password) toast.success(t('auth.password-changed'));
      for (const key of ['password', 'passwordConfirm', 'currentPassword'] as const) setValue(key, '');
      onSaved?.(saved);
      void navigate({ to: '/user' });
    } catch (error) {
      if (error instanceof ApiError && error.message.startsWith('Invalid email ')) {
        setError('email', { type: 'server', message: t('edit-save-error-invalid-email') });
        toast.error(t('edit-save-error-invalid-email'));
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        const fromServer = serverFieldErrors(error);
        for (const [key, message] of Object.entries(fromServer)) setError(key as keyof EditValues, { type: 'server', message });
        if (Object.keys(fromServer).length > 0) focusFirstError(controlsOf(fromServer));
        toast.error(error.message);
      } else {
        toast.error(t('error.generic'));
      }
    }
  };
  const submit = handleSubmit(save, (errors) => focusFirstError(controlsOf(errors)));

  const select = (key: 'bodyType' | 'hairColor' | 'eyeColor' | 'relationshipStatus' | 'ethnicity', title: string, options: readonly string[]) => (
    <FormField label={title} error={errorOf(key)}>
      {(control) => (
        <select {...control} className="form-input" {...register(key)}>
          <option value="">{t('member.account.prefer-not-say')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {valueLabel(option)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  const toggle = (key: 'keepLocationPrivate' | 'showOnline' | 'notifyByEmail', text: string, hint: string) => (
    <label className="form-check account-toggle">
      <input type="checkbox" {...register(key)} />
      <span>
        {text}
        <small className="form-field__hint">{hint}</small>
      </span>
    </label>
  );

  return (
    <form ref={formRef} className="form-stack profile-edit" onSubmit={(event) => void submit(event)} noValidate aria-label={t('member.account.edit-my-profile')}>
      <fieldset className="profile-edit__section">
        <legend>{t('member.account.about-you')}</legend>
        <div className="form-row form-row--2">
          <FormField label={t('member.account.first-name')} error={errorOf('firstName')}>
            {(control) => <input {...control} className="form-input" autoComplete="given-name" {...register('firstName')} />}
          </FormField>
          <FormField label={t('member.account.last-name')} error={errorOf('lastName')}>
            {(control) => <input {...control} className="form-input" autoComplete="family-name" {...register('lastName')} />}
          </FormField>
        </div>
        <ChoiceGroup legend={t('member.account.i-am')} error={errorOf('gender')} required>
          {(group) => (
            <div className="choice-pills">
              {genders.map((gender) => (
                <label key={gender} className="choice-pill">
                  <input type="radio" {...register('gender')} value={gender} {...group} />
                  <span>{gender === 'man' ? t('member.account.man') : t('member.account.woman')}</span>
                </label>
              ))}
            </div>
          )}
        </ChoiceGroup>
        <div className="form-field">
          <span className="form-field__label">{t('member.account.birth-date')}</span>
          <p className="profile-edit__readonly">
            {user.profile?.birthDate ?? t('member.account.not-set')} <span className="form-field__hint">{t('member.account.birth-date-hint')}</span>
          </p>
        </div>
        <FormField label={t('member.account.location')} error={errorOf('location')} hint={t('member.account.location-hint')}>
          {(control) => <CitySearch country={country} value={values.location} onChange={(location) => set('location', location)} control={control} />}
        </FormField>
        {toggle('keepLocationPrivate', t('member.account.keep-private'), t('member.account.keep-private-hint'))}
      </fieldset>

      <fieldset className="profile-edit__section">
        <legend>{t('member.account.your-profile')}</legend>
        <FormField label={t('member.account.about-me')} error={errorOf('aboutMe')} required hint={`${values.aboutMe.length} / ${ABOUT_ME_MAX}`}>
          {(control) => <textarea {...control} className="form-input" maxLength={ABOUT_ME_MAX} {...register('aboutMe')} />}
        </FormField>
        <FormField label={t('member.account.interests-looking-for')} error={errorOf('lookingFor')} required>
          {(control) => <TagsInput value={values.lookingFor} onChange={(tags) => set('lookingFor', tags)} control={control} />}
        </FormField>
        <div className="form-row form-row--2">
          <FormField label={measurement === 'metric' ? t('member.account.height-metric') : t('member.account.height-imperial')} error={errorOf('height')}>
            {(control) => (
              <select {...control} className="form-input" {...register('height')}>
                <option value="">{t('member.account.prefer-not-say')}</option>
                {[...savedHeight, ...heights].map((option) => (
                  <option key={option.cm} value={option.cm}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('member.account.height-unit')}>
            {(control) => (
              <select {...control} className="form-input" {...register('measurement')}>
                <option value="imperial">{t('member.account.feet-inches')}</option>
                <option value="metric">{t('member.account.centimetres')}</option>
              </select>
            )}
          </FormField>
          {select('bodyType', t('member.account.body-type'), bodyTypes)}
          {select('ethnicity', t('member.account.ethnicity'), ethnicities)}
          {select('hairColor', t('member.account.hair-colour'), hairColors)}
          {select('eyeColor', t('member.account.eye-colour'), eyeColors)}
          {select('relationshipStatus', t('member.account.relationship-status'), relationshipStatuses)}
        </div>
      </fieldset>

      <fieldset className="profile-edit__section">
        <legend>{t('member.account.looking-for-who')}</legend>
        <div className="form-row form-row--2" role="group" aria-label={t('member.account.age-range')} aria-describedby={errorOf('lookingForAge') ? 'age-range-error' : undefined}>
          <FormField label={t('member.account.from-age')}>
            {(control) => (
              <input {...control} aria-invalid={Boolean(errorOf('lookingForAge'))} className="form-input" type="number" inputMode="numeric" min={MIN_AGE} max={MAX_AGE} {...register('ageMin')} />
            )}
          </FormField>
          <FormField label={t('member.account.to-age')}>
            {(control) => (
              <input {...control} aria-invalid={Boolean(errorOf('lookingForAge'))} className="form-input" type="number" inputMode="numeric" min={MIN_AGE} max={MAX_AGE} {...register('ageMax')} />
            )}
          </FormField>
        </div>
        {errorOf('lookingForAge') && (
          <p id="age-range-error" className="form-field__error">
            {errorOf('lookingForAge')}
          </p>
        )}
      </fieldset>

      <fieldset className="profile-edit__section">
        <legend>{t('member.account.account-privacy')}</legend>
        <FormField label={t('member.account.email')} error={errorOf('email')} required hint={emailChanged ? t('profile-edit.email-change-notice') : undefined}>
          {(control) => <input {...control} className="form-input" type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <div className="form-row form-row--2">
          <FormField label={t('member.account.new-password')} error={errorOf('password')} hint={t('member.account.new-password-hint')}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('password')} />}
          </FormField>
          <FormField label={t('member.account.repeat-password')} error={errorOf('passwordConfirm')}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...register('passwordConfirm')} />}
          </FormField>
        </div>
        {needsCurrentPassword(values, savedEmail) && (
          <FormField label={t('member.account.current-password')} error={errorOf('currentPassword')} required hint={t('profile-edit.current-password-hint')}>
            {(control) => <PasswordInput {...control} autoComplete="current-password" {...register('currentPassword')} />}
          </FormField>
        )}
        {toggle('showOnline', t('member.account.show-online-toggle'), t('member.account.show-online-hint'))}
        {toggle('notifyByEmail', t('member.account.email-me'), t('member.account.email-me-hint'))}
      </fieldset>

      <div className="profile-edit__actions">
        <button type="button" className="button button--ghost" onClick={() => void navigate({ to: '/user' })}>
          {t('member.account.cancel')}
        </button>
        <SubmitButton busy={busy} busyLabel={t('member.account.saving')} className="button button--primary">
          {t('member.account.save-profile')}
        </SubmitButton>
      </div>
    </form>
  );
}
