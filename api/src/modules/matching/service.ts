import { and, asc, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { ListEnvelope } from '@sync/contract/errors';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { AppDeps } from '../../context.js';
import type { Db, Executor } from '../../db/client.js';
import { conversations, matches, messages, profiles, swipes, users } from '../../db/schema/index.js';
import { ApiError, conflict, notFound } from '../../lib/errors.js';
import { birthDateRange } from '../profiles/age-bounds.js';
import { cardColumns, hydrateCards, PROFILE_ID, imagePolicyFor, visibleTo, type Card } from '../profiles/cards.js';
import type { Paging } from '@sync/contract/query';
import type { Viewer } from '../profiles/viewer.js';
import { dailyAllowance, nextRefillDate, refillLikes } from './likes-allowance.js';
import { likeBecomesMatch } from './match-rule.js';

type Deps = Pick<AppDeps, 'clock'>;
type SwipeDeps = Pick<AppDeps, 'clock' | 'config'>;

export type SwipeAction = 'like' | 'dislike';

export interface SwipeResult {
  match: boolean;
  conversationId: string | null;
  /** The member's likes left after this swipe. */
  likes: number;
}

/** Not swiped live by this member. */
function notSwiped(userId: string): SQL {
  return sql`not exists (select 1 from ${swipes} sw where sw.user_id = ${userId} and sw.profile_id = ${PROFILE_ID} and sw.undo_date is null)`;
}

/** The member's likes now, after the day's refill. */
export async function likesStatus(deps: Deps, exec: Executor, viewer: Viewer) {
  const now = deps.clock.now();
  await refillLikes(exec, viewer, now);
  const [row] = await exec.select({ likes: users.likes }).from(users).where(eq(users.id, viewer.userId));
  return { likes: row?.likes ?? 0, dailyLikes: dailyAllowance(viewer.isPremium), nextRefillDate: nextRefillDate(viewer.timezone, now).toISOString() };
}

/**
 * GET /api/match/next: the next fictive profile of the member's brand and sought gender that they have not
 * swiped (undone swipes come round again). Profiles in the member's looking-for age range come first, then
 * featured ones, then the most recently active. null when none is left (the route answers 204).
 */
export async function nextProfile(deps: Deps, exec: Executor, viewer: Viewer): Promise<Card | null> {
  const now = deps.clock.now();
  const order: SQL[] = [];
  if (viewer.lookingForAgeMin != null && viewer.lookingForAgeMax != null) {
    const { maxBirth, minBirthExclusive } = birthDateRange(viewer.lookingForAgeMin, viewer.lookingForAgeMax, now);
    order.push(desc(sql`(${profiles.birthDate} <= ${maxBirth}::date and ${profiles.birthDate} > ${minBirthExclusive}::date)`));
  }
  order.push(desc(profiles.isFeatured), desc(profiles.activityDate), asc(profiles.id));
  const rows = await exec
    .select(cardColumns(now, viewer.profileId))
    .from(profiles)
    .where(and(visibleTo(viewer), eq(profiles.gender, viewer.lookingFor), notSwiped(viewer.userId)))
    .orderBy(...order)
    .limit(1);
  const [card] = await hydrateCards(exec, rows, now, imagePolicyFor(viewer.isPremium));
  return card ?? null;
}

/**
 * POST /api/match/swipe. In one transaction: the swipe row (a second live swipe of the same profile hits the
 * unique index: 409), for a like one like spent by a conditional UPDATE (none left: 402 `no-likes`, and the
 * balance never goes below 0 however many requests race), and when match-rule says so the match with its
 * conversation, both upserted on their unique pair.
 */
export async function swipe(deps: SwipeDeps, db: Db, viewer: Viewer, body: { toUserId: string; actionType: SwipeAction }): Promise<SwipeResult> {
  const now = deps.clock.now();
  if (!isUuid(body.toUserId)) throw notFound('Profile not found');
  await refillLikes(db, viewer, now);
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: profiles.id, kind: profiles.kind, matchOnLike: profiles.matchOnLike })
      .from(profiles)
      .where(and(eq(profiles.id, body.toUserId), visibleTo(viewer)))
      .limit(1);
    if (!target) throw notFound('Profile not found');

    const inserted = await tx
      .insert(swipes)
      .values({ userId: viewer.userId, profileId: target.id, actionType: body.actionType, createDate: now })
      .onConflictDoNothing({ target: [swipes.userId, swipes.profileId], where: sql`${swipes.undoDate} is null` })
      .returning({ id: swipes.id });
    if (inserted.length === 0) throw conflict('already-swiped', 'You already swiped this profile. Undo the swipe first.');

    let likes: number;
    if (body.actionType === 'like') {
      const [spent] = await tx
        .update(users)
        .set({ likes: sql`${users.likes} - 1` })
        .where(and(eq(users.id, viewer.userId), gt(users.likes, 0)))
        .returning({ likes: users.likes });
      // Throwing rolls the swipe back too.
      if (!spent) throw new ApiError(402, 'no-likes', t('error.no-likes'), { profileId: target.id, feature: 'like' });
      likes = spent.likes;
    } else {
      const [row] = await tx.select({ likes: users.likes }).from(users).where(eq(users.id, viewer.userId));
      likes = row?.likes ?? 0;
    }

    if (body.actionType !== 'like' || !likeBecomesMatch(target, viewer.userId, deps.config.matching.likeBackRate)) return { match: false, conversationId: null, likes };
    const conversationId = await openMatch(tx, viewer, target.id, now);
    return { match: true, conversationId, likes };
  });
}

/** The match and its conversation, reusing either when they exist (a like after an undo, an earlier chat). */
async function openMatch(exec: Executor, viewer: Viewer, profileId: string, now: Date): Promise<string> {
  const [conversation] = await exec
    .insert(conversations)
    .values({ brandId: viewer.brandId, userId: viewer.userId, profileId, createDate: now, updateDate: now })
    .onConflictDoUpdate({ target: [conversations.userId, conversations.profileId], set: { updateDate: sql`${conversations.updateDate}` } })
    .returning({ id: conversations.id });
  await exec
    .insert(matches)
    .values({ userId: viewer.userId, profileId, conversationId: conversation!.id, createDate: now })
    .onConflictDoUpdate({ target: [matches.userId, matches.profileId], set: { conversationId: conversation!.id } });
  return conversation!.id;
}

export interface UndoneSwipe {
  _id: string;
  toUserId: string;
  actionType: SwipeAction;
  createDate: string;
  undoDate: string;
  /** A match made by this like and removed with it (only while its conversation had no messages). */
  matchRemoved: boolean;
  likes: number;
}

/**
 * POST /api/match/undo: undoes the member's live swipe of `toUserId`, or the most recent one. A like's like is
 * given back. A match the like made goes too, with its conversation, unless messages were exchanged: a
 * conversation with history is never deleted by an undo. 404 when there is nothing to undo.
 */
export async function undoSwipe(deps: Deps, db: Db, viewer: Viewer, body: { toUserId?: string }): Promise<UndoneSwipe> {
  const now = deps.clock.now();
  if (body.toUserId !== undefined && !isUuid(body.toUserId)) throw notFound('Nothing to undo');
  return db.transaction(async (tx) => {
    const conds = [eq(swipes.userId, viewer.userId), isNull(swipes.undoDate)];
    if (body.toUserId) conds.push(eq(swipes.profileId, body.toUserId));
    const [live] = await tx
      .select()
      .from(swipes)
      .where(and(...conds))
      .orderBy(desc(swipes.createDate), desc(swipes.id))
      .limit(1)
      .for('update');
    if (!live) throw new ApiError(404, 'nothing-to-undo', 'There is no swipe to undo');
    const [undone] = await tx
      .update(swipes)
      .set({ undoDate: now })
      .where(and(eq(swipes.id, live.id), isNull(swipes.undoDate)))
      .returning();
    if (!undone) throw new ApiError(404, 'nothing-to-undo', 'There is no swipe to undo');

    let matchRemoved = false;
    let likes: number;
    if (undone.actionType === 'like') {
      const [row] = await tx
        .update(users)
        .set({ likes: sql`${users.likes} + 1` })
        .where(eq(users.id, viewer.userId))
        .returning({ likes: users.likes });
      likes = row!.likes;
      const [match] = await tx
        .select()
        .from(matches)
        .where(and(eq(matches.userId, viewer.userId), eq(matches.profileId, undone.profileId)))
        .limit(1);
      if (match) {
        const talked = match.conversationId
          ? (await tx.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, match.conversationId)).limit(1)).length > 0
          : false;
        if (!talked) {
          await tx.delete(matches).where(eq(matches.id, match.id));
          if (match.conversationId) {
            await tx
              .delete(conversations)
              .where(and(eq(conversations.id, match.conversationId), sql`not exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id})`));
          }
          matchRemoved = true;
        }
      }
    } else {
      const [row] = await tx.select({ likes: users.likes }).from(users).where(eq(users.id, viewer.userId));
      likes = row?.likes ?? 0;
    }
    return {
      _id: undone.id,
      toUserId: undone.profileId,
      actionType: undone.actionType,
      createDate: undone.createDate.toISOString(),
      undoDate: undone.undoDate!.toISOString(),
      matchRemoved,
      likes,
    };
  });
}

/** GET /api/matches: matched profiles, newest match first, each with its conversationId and matchDate. */
export async function listMatches(deps: Deps, exec: Executor, viewer: Viewer, paging: Paging): Promise<ListEnvelope<Card & { conversationId: string | null; matchDate: string }>> {
  const now = deps.clock.now();
  const where = and(eq(matches.userId, viewer.userId), visibleTo(viewer));
  const [[totalRow], rows] = await Promise.all([
    exec.select({ total: count() }).from(matches).innerJoin(profiles, eq(profiles.id, matches.profileId)).where(where),
    exec
      .select({ ...cardColumns(now, viewer.profileId), conversationId: matches.conversationId, matchDate: matches.createDate })
      .from(matches)
      .innerJoin(profiles, eq(profiles.id, matches.profileId))
      .where(where)
      .orderBy(desc(matches.createDate), asc(matches.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
  ]);
  const cards = await hydrateCards(exec, rows, now, imagePolicyFor(viewer.isPremium));
  return {
    data: cards.map((c) => ({ ...c, matchDate: c.matchDate.toISOString() })),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    limit: paging.limit,
  };
}

/** GET /api/match/dislikes: the member's live dislikes, newest first, so any can be undone. */
export async function listDislikes(deps: Deps, exec: Executor, viewer: Viewer, paging: Paging): Promise<ListEnvelope<Card & { swipeId: string; swipeDate: string }>> {
  const now = deps.clock.now();
  const where = and(
    eq(swipes.userId, viewer.userId),
    eq(swipes.actionType, 'dislike'),
    isNull(swipes.undoDate),
    visibleTo(viewer),
  );
  const [[totalRow], rows] = await Promise.all([
    exec.select({ total: count() }).from(swipes).innerJoin(profiles, eq(profiles.id, swipes.profileId)).where(where),
    exec
      .select({ ...cardColumns(now, viewer.profileId), swipeId: swipes.id, swipeDate: swipes.createDate })
      .from(swipes)
      .innerJoin(profiles, eq(profiles.id, swipes.profileId))
      .where(where)
      .orderBy(desc(swipes.createDate), asc(swipes.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
  ]);
  const cards = await hydrateCards(exec, rows, now, imagePolicyFor(viewer.isPremium));
  return {
    data: cards.map((c) => ({ ...c, swipeDate: c.swipeDate.toISOString() })),
    total: Number(totalRow?.total ?? 0),
    page: paging.page,
    limit: paging.limit,
  };
}
