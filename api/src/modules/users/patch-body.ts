import { z } from 'zod';
import { text } from '@sync/contract/text';
import { ethnicities } from '@sync/contract/entities';
import { userPatchBody } from '@sync/contract/profile-edit';
import { choice } from '@sync/contract/fields';
import { LOCALES, t } from '@sync/texts';

/** The database keeps heights between these (profiles_height_range); the shared form allows a wider span. */
export const STORED_HEIGHT_MIN_CM = 120;
export const STORED_HEIGHT_MAX_CM = 230;
const LOCATION_PART_MAX = 100;

// Control characters other than line breaks and tabs never belong in a profile text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * PATCH /api/user/{id}: the shared form schema (`userPatchBody`, every docs/product.md#data edit field, any part of it)
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
