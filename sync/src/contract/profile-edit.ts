/** docs/product.md#data profile edit fields and the docs/product.md#validation age-range rule. */
import { z } from 'zod';
import { text } from './text.js';
import { LOCALES, t } from '../texts.js';
import { MAX_AGE, MIN_AGE, ageFromDateString } from '../rules/age.js';
import { genders } from './auth.js';
import { bodyTypes, ethnicities, eyeColors, hairColors, location, relationshipStatuses } from './entities.js';
import { choice, emailField, maxLen, optionalTextField, passwordField } from './fields.js';

export const AGE_RANGE_BELOW = 10;
export const AGE_RANGE_ABOVE = 5;
export const ABOUT_ME_MAX = 2000;
export const TAG_MAX = 40;
export const TAGS_MAX = 20;

export function clampAge(age: number): number {
  return Math.min(MAX_AGE, Math.max(MIN_AGE, Math.round(age)));
}

/** Age in whole years on `now`, or null for an unreal date. */
export function ageFromBirthDate(birthDate: string, now: Date = new Date()): number | null {
  return ageFromDateString(birthDate, now);
}

/** The looking-for age range a member starts with: 10 years younger to 5 years older, within 18..100. */
export function defaultAgeRange(age: number): { min: number; max: number } {
  return { min: Math.max(MIN_AGE, age - AGE_RANGE_BELOW), max: Math.min(MAX_AGE, age + AGE_RANGE_ABOVE) };
}

/** The range an account starts with, from its birth date (an unreal date counts as the youngest age). */
export function defaultAgeRangeOf(birthDate: string, now: Date): { min: number; max: number } {
  return defaultAgeRange(ageFromBirthDate(birthDate, now) ?? MIN_AGE);
}

const ageBound = z.number({ error: t('validation.required') }).int();

export const ageRangeField = z.object({ min: ageBound, max: ageBound }).superRefine((range, ctx) => {
  if (range.min < MIN_AGE || range.max > MAX_AGE || range.min > range.max) {
    ctx.addIssue({ code: 'custom', message: t('validation.age-range', { min: MIN_AGE, max: MAX_AGE }) });
  }
});

const tag = text().trim().min(1).max(TAG_MAX);

/** The full edit form. PATCH /user/{id} takes any part of it (`userPatchBody`). */
export const profileEditBody = z.object({
  firstName: optionalTextField([maxLen(50, 'first name')]),
  lastName: optionalTextField([maxLen(50, 'last name')]),
  gender: choice(genders),
  location: location.nullable(),
  lookingForAge: ageRangeField,
  keepLocationPrivate: z.boolean(),
  showOnline: z.boolean(),
  /** Interest tags. */
  lookingFor: z
    .array(tag, { error: t('validation.looking-for-tags') })
    .min(1, { error: t('validation.looking-for-tags') })
    .max(TAGS_MAX),
  aboutMe: text({ error: t('validation.about-me') })
    .trim()
    .min(1, { error: t('validation.about-me') })
    .max(ABOUT_ME_MAX, { error: t('validation.max-length', { field: 'about me', max: ABOUT_ME_MAX }) }),
  email: emailField,
  /** Only when the member sets a new one. */
  password: passwordField.optional(),
  notifyByEmail: z.boolean(),
  height: z.number().int().min(100).max(250).nullable().optional(),
  bodyType: choice(bodyTypes).nullable().optional(),
  hairColor: choice(hairColors).nullable().optional(),
  eyeColor: choice(eyeColors).nullable().optional(),
  relationshipStatus: choice(relationshipStatuses).nullable().optional(),
});
export type ProfileEditBody = z.infer<typeof profileEditBody>;
export type ProfileEditInput = z.input<typeof profileEditBody>;

export const userPatchBody = profileEditBody.partial();
export type UserPatchBody = z.infer<typeof userPatchBody>;

/** What docs/product.md#verification's profile-completion checklist looks at. */
export interface CompletionInput {
  images: readonly unknown[];
  profile: {
    lookingFor?: readonly string[] | undefined;
    aboutMe?: string | undefined;
    height?: number | null | undefined;
    hairColor?: string | null | undefined;
    eyeColor?: string | null | undefined;
    relationshipStatus?: string | null | undefined;
    bodyType?: string | null | undefined;
  };
}

/** Complete with an image, interests, about text, height, hair colour, eye colour, relationship status and body type. */
export function isProfileComplete({ images, profile: p }: CompletionInput): boolean {
  return (
    images.length > 0 &&
    (p.lookingFor?.length ?? 0) > 0 &&
    Boolean(p.aboutMe?.trim()) &&
    p.height != null &&
    Boolean(p.hairColor) &&
    Boolean(p.eyeColor) &&
    Boolean(p.relationshipStatus) &&
    Boolean(p.bodyType)
  );
}

/** The database keeps heights between these (profiles_height_range); the shared form allows a wider span. */
export const STORED_HEIGHT_MIN_CM = 120;
export const STORED_HEIGHT_MAX_CM = 230;
const LOCATION_PART_MAX = 100;

// Control characters other than line breaks and tabs never belong in a profile text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * PATCH /user/{id}: the shared form schema (`userPatchBody`, every docs/product.md#data edit field, any part of it)
 * plus what the edit and settings screens also set beyond the documented list (docs/product.md#data): ethnicity, the measurement system, the
 * time format (docs/product.md#constants: 12 h by default), the language (docs/decisions/0045), and the
 * current password a password change must carry. Birth date is refused by the route before this runs.
 */
export const accountPatchBody = userPatchBody
  .extend({
    ethnicity: choice(ethnicities).nullable().optional(),
    measurement: z.enum(['metric', 'imperial'], { error: 'measurement must be metric or imperial' }).optional(),
    timeFormat: z.enum(['12h', '24h'], { error: 'timeFormat must be 12h or 24h' }).optional(),
    language: z.enum(LOCALES, { error: 'language must be en or de' }).optional(),
    currentPassword: text({ error: 'currentPassword must be text' }).max(200).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.height != null && (body.height < STORED_HEIGHT_MIN_CM || body.height > STORED_HEIGHT_MAX_CM)) {
      ctx.addIssue({ code: 'custom', path: ['height'], message: `The height must be between ${STORED_HEIGHT_MIN_CM} and ${STORED_HEIGHT_MAX_CM} cm` });
    }
    const texts: [string, string | undefined][] = [
      ['firstName', body.firstName],
      ['lastName', body.lastName],
      ['location.city', body.location?.city],
      ['location.state', body.location?.state],
      ['location.zip', body.location?.zip],
      ['location.country', body.location?.country],
      ...(body.lookingFor ?? []).map((tag, i): [string, string] => [`lookingFor.${i}`, tag]),
    ];
    for (const [path, value] of texts) {
      if (value !== undefined && (CONTROL.test(value) || /[\r\n\t]/.test(value))) {
        ctx.addIssue({ code: 'custom', path: path.split('.'), message: t('validation.special-characters') });
      }
    }
    if (body.aboutMe !== undefined && CONTROL.test(body.aboutMe)) {
      ctx.addIssue({ code: 'custom', path: ['aboutMe'], message: t('validation.special-characters') });
    }
    for (const part of ['city', 'state', 'zip', 'country'] as const) {
      const value = body.location?.[part];
      if (value !== undefined && value.length > LOCATION_PART_MAX) {
        ctx.addIssue({ code: 'custom', path: ['location', part], message: `The ${part} must contain at most ${LOCATION_PART_MAX} symbols` });
      }
    }
    if (body.location?.country !== undefined && !/^[A-Za-z]{2}$/.test(body.location.country)) {
      ctx.addIssue({ code: 'custom', path: ['location', 'country'], message: 'The country must be a two-letter code' });
    }
  });
export type AccountPatchBody = z.infer<typeof accountPatchBody>;
