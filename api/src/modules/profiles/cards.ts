import { and, eq, sql } from 'drizzle-orm';
import type { Image, Profile, ProfileBadge } from '@sync/contract/entities';
import { activityFlagsTurnAt, isNewProfile, isOnline } from '@sync/rules/activity';
import type { Executor } from '../../db/client.js';
import { fromJsonRow, rowsOf } from '../../db/rows.js';
import { images, profiles } from '../../db/schema/index.js';
import { webpTwinUrl } from '../media/generated-image.js';
import { todayString } from './age-bounds.js';
import { notBlockedBy } from './not-blocked.js';

/**
 * The profile card (docs/api.md#profiles-and-matching) and how every list in issue B builds it: one select with the card
 * columns (age computed by PostgreSQL from the clock's day), then one query for the images of the whole page.
 */

/** A photo a standard member may not see: the UI draws the blocked-photo overlay with an upgrade prompt (docs/product.md#verification). */
export interface BlockedImage {
  _id: string;
  type: Image['type'];
  blocked: true;
}
export type CardImage = Image | BlockedImage;
export type Card = Omit<Profile, 'images'> & { images: CardImage[] };

/**
 * Which images a viewer gets in full. Premium members see every approved photo (docs/product.md#roles); standard members the
 * first one (the avatar when there is one) and placeholders for the rest; visitors of the landing page only the
 * first, without placeholders.
 */
export type ImagePolicy = 'all' | 'first-then-blocked' | 'first-only';

export function imagePolicyFor(isPremium: boolean): ImagePolicy {
  return isPremium ? 'all' : 'first-then-blocked';
}

/**
 * `"profiles"."id"` spelled out: drizzle leaves columns unqualified in the select list of a single-table query,
 * and inside a subquery an unqualified "id" would bind to the subquery's own table.
 */
export const PROFILE_ID = sql.raw('"profiles"."id"');

/** The select list of a card; `viewerProfileId` is the member's own profile row, for the favourite flag. */
export function cardColumns(now: Date, viewerProfileId: string | null) {
  const today = todayString(now);
  return {
    id: profiles.id,
    username: profiles.username,
    gender: profiles.gender,
    age: sql<number>`extract(year from age(${today}::date, ${profiles.birthDate}))::int`.as('age'),
    bodyType: profiles.bodyType,
    ethnicity: profiles.ethnicity,
    hairColor: profiles.hairColor,
    eyeColor: profiles.eyeColor,
    heightCm: profiles.heightCm,
    relationshipStatus: profiles.relationshipStatus,
    aboutMe: profiles.aboutMe,
    lookingForTags: profiles.lookingForTags,
    location: profiles.location,
    isFeatured: profiles.isFeatured,
    isPremium: profiles.isPremium,
    createDate: profiles.createDate,
    activityDate: profiles.activityDate,
    favorite: viewerProfileId
      ? sql<boolean>`exists (select 1 from favourites fv where fv.from_profile_id = ${viewerProfileId} and fv.to_profile_id = ${PROFILE_ID})`.as(
          'favorite',
        )
      : sql<boolean>`false`.as('favorite'),
  };
}

/** What a card select answers (the keys of cardColumns). */
export interface CardRow {
  id: string;
  username: string;
  gender: 'man' | 'woman';
  age: number;
  bodyType: Profile['bodyType'];
  ethnicity: Profile['ethnicity'];
  hairColor: Profile['hairColor'];
  eyeColor: Profile['eyeColor'];
  heightCm: number | null;
  relationshipStatus: Profile['relationshipStatus'];
  aboutMe: string;
  lookingForTags: string[];
  location: (typeof profiles.$inferSelect)['location'];
  isFeatured: boolean;
  isPremium: boolean;
  createDate: Date;
  activityDate: Date;
  favorite: boolean;
}

export type ImageRow = typeof images.$inferSelect;

export function serializeImage(row: Pick<ImageRow, 'id' | 'type' | 'processed' | 'moderation' | 'variants'>): Image {
  const out: Image = {
    _id: row.id,
    type: row.type === 'attachment' ? 'message' : row.type,
    processed: row.processed,
    under_moderation: row.moderation === 'pending',
  };
  for (const [name, variant] of Object.entries(row.variants)) {
    if (name === 'original') out.original = variant.url;
    if (name !== 'small' && name !== 'medium' && name !== 'large') continue;
    out[name] = variant.url;
    const webp = webpTwinUrl(variant.url);
    if (webp) (out.webp ??= {})[name] = webp;
  }
  return out;
}

/**
 * Approved gallery images of the given profiles, avatar first, in one query. The gallery rule (which images,
 * in which order) is the SQL function profile_gallery
 * (api/src/db/functions/profile_gallery.sql), which the staff view and the reply read too;
 * aggregated in its order.
 */
export async function loadGalleries(exec: Executor, profileIds: string[]): Promise<Map<string, ImageRow[]>> {
  if (profileIds.length === 0) return new Map();
  const [row] = rowsOf<{ photos: Record<string, unknown>[] }>(
    await exec.execute(sql`select coalesce(json_agg(g), '[]'::json) as photos
      from unnest(${sql.param(profileIds)}::uuid[]) as p(id) cross join lateral profile_gallery(p.id) g`),
  );
  return galleriesOf(row!.photos.map((p) => fromJsonRow(images, p)));
}

/** Gallery rows (in gallery order) grouped by their profile, keeping the order. */
export function galleriesOf(rows: ImageRow[]): Map<string, ImageRow[]> {
  const byProfile = new Map<string, ImageRow[]>();
  for (const row of rows) {
    const list = byProfile.get(row.profileId!) ?? [];
    list.push(row);
    byProfile.set(row.profileId!, list);
  }
  return byProfile;
}

export function applyImagePolicy(rows: ImageRow[], policy: ImagePolicy): CardImage[] {
  if (policy === 'all') return rows.map(serializeImage);
  const [first, ...rest] = rows;
  if (!first) return [];
  if (policy === 'first-only') return [serializeImage(first)];
  return [serializeImage(first), ...rest.map((r): BlockedImage => ({ _id: r.id, type: serializeImage(r).type, blocked: true }))];
}

export function badgesOf(row: Pick<CardRow, 'isFeatured' | 'isPremium' | 'createDate'>, now: Date): ProfileBadge[] {
  const badges: ProfileBadge[] = [];
  if (row.isFeatured) badges.push('FEATURED');
  if (row.isPremium) badges.push('PREMIUM');
  if (isNewProfile(row.createDate, now)) badges.push('NEW');
  return badges;
}

type TraitColumns = 'bodyType' | 'ethnicity' | 'hairColor' | 'eyeColor' | 'heightCm' | 'relationshipStatus' | 'aboutMe' | 'lookingForTags';

/** A profile's descriptive fields under their docs/api.md#profiles-and-matching names: the same on members' cards and in the admin's view. */
export function profileTraits(row: Pick<CardRow, TraitColumns>) {
  return {
    bodyType: row.bodyType,
    ethnicity: row.ethnicity,
    hairColor: row.hairColor,
    eyeColor: row.eyeColor,
    height: row.heightCm,
    relationshipStatus: row.relationshipStatus,
    aboutMe: row.aboutMe,
    lookingFor: row.lookingForTags,
  };
}

export function toCard(row: CardRow, gallery: ImageRow[], now: Date, policy: ImagePolicy): Card {
  const loc = row.location;
  return {
    _id: row.id,
    username: row.username,
    age: Number(row.age),
    gender: row.gender,
    ...profileTraits(row),
    location: loc?.city ? { city: loc.city, state: loc.state ?? '', country: loc.country } : null,
    images: applyImagePolicy(gallery, policy),
    ...cardLiveFields(row, now),
  };
}

/**
 * The fields of a card that move with the clock or differ between members, last in the card: a page kept for every
 * member (list-page.ts) stores what comes before them once and adds these per answer.
 */
export function cardLiveFields(row: Pick<CardRow, 'isFeatured' | 'isPremium' | 'createDate' | 'activityDate' | 'favorite'>, now: Date) {
  return {
    badges: badgesOf(row, now),
    isOnline: isOnline(row.activityDate, now),
    activityDate: row.activityDate.toISOString(),
    favorite: Boolean(row.favorite),
  };
}

/** The first instant after `now` at which cardLiveFields(row, ·) answers otherwise: a NEW badge or the online dot turning off. */
export function cardLiveFieldsTurnAt(row: Pick<CardRow, 'createDate' | 'activityDate'>, now: Date): number {
  return activityFlagsTurnAt(row.createDate, row.activityDate, now);
}

/** Cards for a page of rows, with their images fetched in one query (no N+1), in the rows' order. */
export async function hydrateCards<R extends CardRow>(
  exec: Executor,
  rows: R[],
  now: Date,
  policy: ImagePolicy,
): Promise<(Card & Omit<R, keyof CardRow>)[]> {
  const galleries = await loadGalleries(
    exec,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const extra = Object.fromEntries(Object.entries(row).filter(([k]) => !CARD_KEYS.has(k))) as Omit<R, keyof CardRow>;
    return { ...toCard(row, galleries.get(row.id) ?? [], now, policy), ...extra };
  });
}

const CARD_KEYS = new Set(Object.keys(cardColumns(new Date(0), null)));

/** Conditions every profile a member may see meets: fictive, active, the member's brand. */
export function visibleFictive(brandId: string) {
  return and(eq(profiles.kind, 'fictive'), eq(profiles.active, true), eq(profiles.brandId, brandId))!;
}

/** What this member may see: visibleFictive, less the profiles they blocked (not-blocked.ts). */
export function visibleTo(viewer: { brandId: string; userId: string }) {
  return and(visibleFictive(viewer.brandId), notBlockedBy(viewer.userId))!;
}
