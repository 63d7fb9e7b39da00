import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands.js';
import { createDate, id, ts, updateDate } from './common.js';

export const genderEnum = pgEnum('gender', ['man', 'woman']);

export interface UserSettings {
  notifyByEmail: boolean;
  showOnline: boolean;
  keepLocationPrivate: boolean;
  measurement: 'metric' | 'imperial';
  timeFormat: '12h' | '24h';
  /** The member's chosen language (docs/decisions/0045); absent: the brand's country decides. */
  language?: 'en' | 'de';
}
export interface Promotions {
  firstPurchasePromotion: boolean;
  complete_profile: boolean;
}
export interface AgeVerification {
  status: 'none' | 'pending' | 'approved' | 'declined' | 'cancelled';
  result: boolean | null;
  reference?: string;
  startedAt?: string;
  checkedAt?: string;
}

/** A member account (docs/product.md#data user state). Profile details a member shows to others live in `profiles`. */
export const users = pgTable(
  'users',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: genderEnum('gender').notNull(),
    lookingFor: genderEnum('looking_for').notNull(),
    /** Cannot be changed after sign-up and is never public (docs/product.md#data sign-up fields). */
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: text('country').notNull().default('US'),
    timezone: text('timezone').notNull().default('UTC'),
    emailValidated: boolean('email_validated').notNull().default(false),
    credits: integer('credits').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    likesRefillDate: ts('likes_refill_date'),
    isOrganic: boolean('is_organic').notNull().default(true),
    isPremium: boolean('is_premium').notNull().default(false),
    isDOI: boolean('is_doi').notNull().default(false),
    ageVerificationApplicable: boolean('age_verification_applicable').notNull().default(false),
    ageVerification: jsonb('age_verification').$type<AgeVerification>().notNull().default({ status: 'none', result: null }),
    promotions: jsonb('promotions').$type<Promotions>().notNull().default({ firstPurchasePromotion: true, complete_profile: false }),
    settings: jsonb('settings')
      .$type<UserSettings>()
      .notNull()
      .default({ notifyByEmail: true, showOnline: true, keepLocationPrivate: false, measurement: 'imperial', timeFormat: '12h' }),
    /** Subject of single sign-on accounts (issuer + sub). */
    ssoSubject: text('sso_subject'),
    blocked: boolean('blocked').notNull().default(false),
    firstLoginDate: ts('first_login_date'),
    activityDate: ts('activity_date'),
    lastVerificationEmailDate: ts('last_verification_email_date'),
    /** Self-service deletion: when the member asked, and when the job removes their data (null: not asked). */
    deletionRequestDate: ts('deletion_request_date'),
    deletionDueDate: ts('deletion_due_date'),
    /** When the job removed the personal data; the row stays, anonymised, as the owner of orders and credits. */
    deletedDate: ts('deleted_date'),
    createDate: createDate(),
    updateDate: updateDate(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_sso_subject_uq').on(t.ssoSubject),
    index('users_brand_idx').on(t.brandId),
    index('users_deletion_due_idx').on(t.deletionDueDate).where(sql`${t.deletionDueDate} IS NOT NULL AND ${t.deletedDate} IS NULL`),
    check('users_credits_nonneg', sql`${t.credits} >= 0`),
    check('users_likes_nonneg', sql`${t.likes} >= 0`),
  ],
);
