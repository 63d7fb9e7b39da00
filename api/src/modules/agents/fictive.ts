import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CreateFictiveBody, FictiveProfile, UpdateFictiveBody } from '@sync/contract/agents';
import { ageFromDateString } from '@sync/rules/age';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { brands, images, profiles } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { profileTraits, serializeImage } from '../profiles/cards.js';

type ProfileRow = typeof profiles.$inferSelect;
const notFound = () => new ApiError(404, 'not-found', t('error.not-found'));

async function galleries(exec: Executor, ids: string[]) {
  const out = new Map<string, ReturnType<typeof serializeImage>[]>();
  if (!ids.length) return out;
  const rows = await exec
    .select()
    .from(images)
    .where(and(inArray(images.profileId, ids), inArray(images.type, ['avatar', 'photo', 'hidden'])))
    .orderBy(asc(images.profileId), sql`(${images.type} = 'avatar') desc`, asc(images.sortOrder), asc(images.createDate));
  for (const r of rows) out.set(r.profileId!, [...(out.get(r.profileId!) ?? []), serializeImage(r)]);
  return out;
}

function toFictive(row: ProfileRow, domain: string, gallery: ReturnType<typeof serializeImage>[], now: Date): FictiveProfile {
  return {
    _id: row.id,
    brandId: row.brandId,
    domain,
    username: row.username,
    gender: row.gender,
    birthDate: row.birthDate,
    age: ageFromDateString(row.birthDate, now) ?? 0,
    ...profileTraits(row),
    lookingForAgeMin: row.lookingForAgeMin,
    lookingForAgeMax: row.lookingForAgeMax,
    location: row.location as unknown as Record<string, unknown>,
    isFeatured: row.isFeatured,
    isPremium: row.isPremium,
    matchOnLike: row.matchOnLike,
    active: row.active,
    images: gallery,
    createDate: row.createDate.toISOString(),
    updateDate: row.updateDate.toISOString(),
  };
}

export async function fictiveById(exec: Executor, id: string, now: Date): Promise<FictiveProfile> {
  if (!isUuid(id)) throw notFound();
  const [row] = await exec
    .select({ p: profiles, domain: brands.domain })
    .from(profiles)
    .innerJoin(brands, eq(brands.id, profiles.brandId))
    .where(and(eq(profiles.id, id), eq(profiles.kind, 'fictive')));
  if (!row) throw notFound();
  return toFictive(row.p, row.domain, (await galleries(exec, [id])).get(id) ?? [], now);
}

export async function listFictive(exec: Executor, q: { page: number; limit: number; search?: string; brandId?: string }, now: Date) {
  const conds: SQL[] = [eq(profiles.kind, 'fictive')];
  if (q.search) conds.push(ilike(profiles.username, `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  if (q.brandId) conds.push(eq(profiles.brandId, q.brandId));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await exec.select({ total: count() }).from(profiles).where(where);
  const rows = await exec
    .select({ p: profiles, domain: brands.domain })
    .from(profiles)
    .innerJoin(brands, eq(brands.id, profiles.brandId))
    .where(where)
    .orderBy(desc(profiles.createDate), asc(profiles.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const g = await galleries(
    exec,
    rows.map((r) => r.p.id),
  );
  return { data: rows.map((r) => toFictive(r.p, r.domain, g.get(r.p.id) ?? [], now)), total: Number(total), page: q.page, limit: q.limit };
}

function ageRangeOk(min: number | null | undefined, max: number | null | undefined) {
  if ((min == null) !== (max == null)) throw new ApiError(400, 'invalid-age-range', 'Give both ends of the looking-for age range, or neither');
  if (min != null && max != null && min > max) throw new ApiError(400, 'invalid-age-range', 'The looking-for age range is reversed');
}

async function brandExists(exec: Executor, brandId: string) {
  const [b] = await exec.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!b) throw new ApiError(400, 'unknown-brand', 'No such brand');
}

export async function createFictive(exec: Executor, body: CreateFictiveBody, now: Date): Promise<FictiveProfile> {
  ageRangeOk(body.lookingForAgeMin, body.lookingForAgeMax);
  if ((ageFromDateString(body.birthDate, now) ?? 0) < 18) throw new ApiError(400, 'invalid-birth-date', t('validation.adult'));
  await brandExists(exec, body.brandId);
  const [row] = await exec
    .insert(profiles)
    .values({
      kind: 'fictive',
      brandId: body.brandId,
      username: body.username,
      gender: body.gender,
      birthDate: body.birthDate,
      bodyType: body.bodyType,
      ethnicity: body.ethnicity,
      hairColor: body.hairColor,
      eyeColor: body.eyeColor,
      heightCm: body.height,
      relationshipStatus: body.relationshipStatus,
      aboutMe: body.aboutMe,
      lookingForTags: body.lookingFor,
      lookingForAgeMin: body.lookingForAgeMin,
      lookingForAgeMax: body.lookingForAgeMax,
      location: body.location,
      country: body.location.country,
      isFeatured: body.isFeatured,
      isPremium: body.isPremium,
      matchOnLike: body.matchOnLike,
      active: body.active,
      activityDate: now,
      createDate: now,
      updateDate: now,
    })
    .returning();
  return fictiveById(exec, row!.id, now);
}

export async function updateFictive(exec: Executor, id: string, body: UpdateFictiveBody, now: Date): Promise<FictiveProfile> {
  if (!isUuid(id)) throw notFound();
  const [current] = await exec
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.kind, 'fictive')))
    .for('update');
  if (!current) throw notFound();
  const min = body.lookingForAgeMin !== undefined ? body.lookingForAgeMin : current.lookingForAgeMin;
  const max = body.lookingForAgeMax !== undefined ? body.lookingForAgeMax : current.lookingForAgeMax;
  ageRangeOk(min, max);
  if (body.birthDate && (ageFromDateString(body.birthDate, now) ?? 0) < 18) throw new ApiError(400, 'invalid-birth-date', t('validation.adult'));
  if (body.brandId) await brandExists(exec, body.brandId);
  const { height, lookingFor, location, ...rest } = body;
  await exec
    .update(profiles)
    .set({
      ...rest,
      ...(height !== undefined ? { heightCm: height } : {}),
      ...(lookingFor !== undefined ? { lookingForTags: lookingFor } : {}),
      ...(location !== undefined ? { location, country: location.country } : {}),
      updateDate: now,
    })
    .where(eq(profiles.id, id));
  return fictiveById(exec, id, now);
}
