import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bodyTypes, ethnicities, eyeColors, hairColors, relationshipStatuses } from '../../../../sync/src/contract/entities.js';
import { brands } from './brands.js';
import { createDate, id, ts, updateDate } from './common.js';
import { genderEnum, users } from './users.js';

// Values exactly as docs/product.md#data spells the filters, from the one shared definition. (Relative import: drizzle-kit
// loads this file without the tsconfig path aliases.)
export const bodyTypeEnum = pgEnum('body_type', bodyTypes);
export const ethnicityEnum = pgEnum('ethnicity', ethnicities);
export const hairColorEnum = pgEnum('hair_color', hairColors);
export const relationshipStatusEnum = pgEnum('relationship_status', relationshipStatuses);
export const eyeColorEnum = pgEnum('eye_color', eyeColors);
export const profileKindEnum = pgEnum('profile_kind', ['member', 'fictive']);

export interface ProfileLocation {
  country: string;
  city?: string;
  state?: string;
  zip?: string;
}

type ProfileColumns = { [K in 'kind' | 'active' | 'bodyType' | 'ethnicity' | 'hairColor' | 'eyeColor' | 'relationshipStatus' | 'heightCm' | 'birthDate']: AnyPgColumn };
const listedProfiles = (t: ProfileColumns) => sql`${t.kind} = 'fictive' AND ${t.active}`;
const listFilterColumns = (t: ProfileColumns) => [t.bodyType, t.ethnicity, t.hairColor, t.eyeColor, t.relationshipStatus, t.heightCm] as const;

/**
 * What others see of someone: a member's own profile (kind member, one per user) or a fictive profile that
 * agents answer for (kind fictive). Swipes, favourites and views point at profiles on both sides.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    kind: profileKindEnum('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    username: text('username').notNull(),
    gender: genderEnum('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    bodyType: bodyTypeEnum('body_type'),
    ethnicity: ethnicityEnum('ethnicity'),
    hairColor: hairColorEnum('hair_color'),
    eyeColor: eyeColorEnum('eye_color'),
    heightCm: integer('height_cm'),
    relationshipStatus: relationshipStatusEnum('relationship_status'),
    aboutMe: text('about_me').notNull().default(''),
    lookingForTags: text('looking_for_tags').array().notNull().default([]),
    lookingForAgeMin: integer('looking_for_age_min'),
    lookingForAgeMax: integer('looking_for_age_max'),
    location: jsonb('location').$type<ProfileLocation>().notNull().default({ country: 'US' }),
    country: text('country').notNull().default('US'),
    isFeatured: boolean('is_featured').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    /** Whether a member's like on this fictive profile becomes a match (issue B, one rule in one place). */
    matchOnLike: boolean('match_on_like').notNull().default(true),
    active: boolean('active').notNull().default(true),
    activityDate: ts('activity_date').notNull().defaultNow(),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    uniqueIndex('profiles_user_uq').on(t.userId),
    check('profiles_member_has_user', sql`(${t.kind} = 'fictive') OR (${t.userId} IS NOT NULL)`),
    check('profiles_height_range', sql`${t.heightCm} IS NULL OR (${t.heightCm} BETWEEN 120 AND 230)`),
    check(
      'profiles_age_range',
      sql`${t.lookingForAgeMin} IS NULL OR (${t.lookingForAgeMin} BETWEEN 18 AND 100 AND ${t.lookingForAgeMax} BETWEEN ${t.lookingForAgeMin} AND 100)`,
    ),
    // The list screen filters on these and sorts by recent, age and username (docs/product.md#data).
    index('profiles_browse_idx').on(t.brandId, t.kind, t.gender, t.active),
    index('profiles_recent_idx').on(t.brandId, t.createDate),
    index('profiles_birth_idx').on(t.brandId, t.birthDate),
    index('profiles_username_idx').on(t.brandId, sql`lower(${t.username})`),
    // One per sort of the member's list (profiles/sort-keys.ts), over what a member may see of one gender: the
    // list walks it in order and stops after a page, forwards or backwards, and a cursor starts it mid-way.
    // The filterable columns follow as keys (drizzle has no INCLUDE) so a page's ids and the count come from
    // the index alone, without reading a table row per candidate.
    index('profiles_list_recent_idx').on(t.brandId, t.gender, t.activityDate, t.id, ...listFilterColumns(t), t.birthDate).where(listedProfiles(t)),
    index('profiles_list_birth_idx').on(t.brandId, t.gender, t.birthDate, t.id, ...listFilterColumns(t)).where(listedProfiles(t)),
    index('profiles_list_username_idx').on(t.brandId, t.gender, sql`lower(${t.username})`, t.id, t.username, ...listFilterColumns(t), t.birthDate).where(listedProfiles(t)),
    index('profiles_attrs_idx').on(t.bodyType, t.ethnicity, t.hairColor, t.eyeColor, t.relationshipStatus),
    index('profiles_height_idx').on(t.heightCm),
  ],
);

export const imageTypeEnum = pgEnum('image_type', ['avatar', 'photo', 'hidden', 'message', 'attachment']);
export const moderationEnum = pgEnum('moderation_status', ['pending', 'approved', 'rejected']);

export interface ImageVariant {
  url: string;
  width: number;
  height: number;
}

/** Uploaded or generated pictures; files live in the storage provider, rows keep their variants. */
export const images = pgTable(
  'images',
  {
    id: id(),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    type: imageTypeEnum('type').notNull(),
    processed: boolean('processed').notNull().default(false),
    moderation: moderationEnum('moderation').notNull().default('pending'),
    /** small / medium / large (docs/product.md#data image size variants). */
    variants: jsonb('variants').$type<Record<string, ImageVariant>>().notNull().default({}),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [index('images_profile_idx').on(t.profileId, t.sortOrder), index('images_moderation_idx').on(t.moderation, t.createDate)],
);
