import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { DELETION_GRACE_DAYS, type DeletionRequestBody } from '@sync/contract/safety';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  authSessions,
  brands,
  conversations,
  emailTokens,
  idempotencyKeys,
  images,
  loginAttempts,
  matches,
  meetUps,
  memos,
  messageMails,
  messages,
  profileBlocks,
  profileReports,
  profiles,
  pushState,
  pushSubscriptions,
  savedCards,
  subscriptions,
  supportTickets,
  swipes,
  syncClients,
  syncSpaces,
  syncTombstones,
  users,
} from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';
import { ApiError } from '../../lib/errors.js';
import { mailLayout } from '../auth/mails.js';
import { assertCurrentPassword } from '../auth/current-password.js';
import { revokeSessions } from '../auth/sessions.js';
import { deleteStoredFiles, storageKeysOf } from '../profiles/own-images.js';

/**
 * Self-service account deletion (docs/decisions/0034-block-report-and-account-deletion.md): the member asks with
 * their current password; every session ends at once; DELETION_GRACE_DAYS later the job below removes or
 * anonymises their personal data and files. Signing in during the grace period offers to cancel (auth/service.ts).
 * The users row stays, anonymised, as the owner of the orders and the credit ledger accounting must keep.
 */

const DAY_MS = 24 * 3_600_000;

/** What staff messages in a deleted member's conversations read afterwards: they spoke to and of that person. */
export const REMOVED_MESSAGE = '[removed]';

export async function requestDeletion(
  deps: AppDeps,
  userId: string,
  body: DeletionRequestBody,
  ip: string,
): Promise<{ deletionDate: string }> {
  const [row] = await deps.db
    .select({ user: users, brand: brands.brand })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.brandId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.deletedDate) throw new ApiError(404, 'not-found', t('error.not-found'));
  // A bearer token alone never deletes an account. A member who signed up by single sign-on sets a password first
  // (the settings allow that without one), so deletion always proves the person knows it.
  if (!row.user.passwordHash) throw new ApiError(400, 'password-not-set', t('settings.delete-needs-password'), { fields: { currentPassword: t('settings.delete-needs-password') } });
  await assertCurrentPassword(deps, row.user, body.currentPassword, ip);
  const now = deps.clock.now();
  const due = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  // A second request keeps the first date: asking again must not push the deletion back.
  const [updated] = await deps.db
    .update(users)
    .set({
      deletionRequestDate: sql`coalesce(${users.deletionRequestDate}, ${now.toISOString()}::timestamptz)`,
      deletionDueDate: sql`coalesce(${users.deletionDueDate}, ${due.toISOString()}::timestamptz)`,
      updateDate: now,
    })
    .where(eq(users.id, userId))
    .returning({ due: users.deletionDueDate });
  // Mailed sign-in links must not reopen the account behind the member's back.
  await deps.db
    .update(emailTokens)
    .set({ usedDate: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedDate)));
  await revokeSessions(deps, { userId }, 'account-deletion');
  const deletionDate = (updated?.due ?? due).toISOString();
  await mailDeletionNotice(deps, row.brand, row.user.email, deletionDate);
  return { deletionDate };
}

async function mailDeletionNotice(deps: AppDeps, brand: string, to: string, deletionDate: string) {
  const date = deletionDate.slice(0, 10);
  const lines = [t('auth.deletion-pending', { date }), t('auth.deletion-pending-text')];
  const signIn = `${deps.config.publicUrl}/`;
  try {
    await deps.providers.mail.send({
      to,
      subject: `${brand}: ${t('auth.deletion-pending', { date })}`,
      text: `${lines.join('\n\n')}\n\n${signIn}\n`,
      html: mailLayout(brand, lines, { label: t('auth.deletion-cancel'), href: signIn }),
    });
  } catch (err) {
    // The request stands; the settings said the same.
    console.error('[account] deletion notice failed:', err instanceof Error ? err.message : err);
  }
}

/**
 * Removes one member's personal data in one transaction; answers the storage keys of their files, deleted by the
 * caller once it commits (a failed transaction must not leave rows pointing at missing files).
 *
 * Removed: the member profile and its photos (message photos too), swipes, matches, favourites and views, blocks,
 * their own messages, sessions, sign-in attempts, mailed tokens, saved cards, sync devices, memos and meet-ups
 * about them, and the text of the staff messages they got. Anonymised: the users row (no name, email, password,
 * birth date or sign-on subject) and their support tickets' address; reports they filed lose the reporter.
 * Kept: orders and transactions (amounts, VAT, country, dates), the credit ledger (its rows, but not the message
 * ids it names), subscriptions (ended), and the conversations' rows with the staff messages' dates, which the
 * agents' statistics count.
 */
export async function eraseAccount(tx: Executor, userId: string, now: Date): Promise<string[]> {
  const [user] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.deletedDate))).for('update');
  if (!user) return [];
  const own = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
  const profileIds = own.map((p) => p.id);
  const threads = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId));
  const threadIds = threads.map((c) => c.id);

  const files = profileIds.length ? await tx.select().from(images).where(inArray(images.profileId, profileIds)) : [];
  if (threadIds.length) {
    await tx.delete(messages).where(and(inArray(messages.conversationId, threadIds), eq(messages.senderType, 'user')));
    await tx
      .update(messages)
      .set({ message: REMOVED_MESSAGE, attachmentId: null, messageType: 'text' })
      .where(inArray(messages.conversationId, threadIds));
    await tx.delete(meetUps).where(inArray(meetUps.conversationId, threadIds));
    await tx.delete(memos).where(inArray(memos.conversationId, threadIds));
    await tx
      .update(conversations)
      .set({ stock: null, stockDate: null, claimAgentId: null, claimDate: null, claimExpiryDate: null, unreadByUser: 0, updateDate: now })
      .where(inArray(conversations.id, threadIds));
  }
  await tx.delete(memos).where(profileIds.length ? or(eq(memos.userId, userId), inArray(memos.profileId, profileIds)) : eq(memos.userId, userId));
  // The profile row goes with its photos, favourites and views (foreign keys cascade).
  if (profileIds.length) await tx.delete(profiles).where(inArray(profiles.id, profileIds));
  await tx.delete(swipes).where(eq(swipes.userId, userId));
  await tx.delete(matches).where(eq(matches.userId, userId));
  await tx.delete(profileBlocks).where(eq(profileBlocks.userId, userId));
  await tx.update(profileReports).set({ reporterUserId: null }).where(eq(profileReports.reporterUserId, userId));
  await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  await tx.delete(loginAttempts).where(eq(loginAttempts.accountKey, `user:${userId}`));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.subject, userId));
  await tx
    .update(subscriptions)
    .set({ active: false, endDate: now, endReason: 'cancelled', savedCardId: null })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.active, true)));
  await tx.delete(savedCards).where(eq(savedCards.userId, userId));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  await tx.delete(pushState).where(eq(pushState.userId, userId));
  await tx.delete(syncClients).where(eq(syncClients.userId, userId));
  await tx.delete(syncTombstones).where(eq(syncTombstones.userId, userId));
  await tx.delete(syncSpaces).where(eq(syncSpaces.userId, userId));
  await tx.delete(messageMails).where(eq(messageMails.userId, userId));
  const anonymous = `deleted-${userId}`;
  await tx.update(supportTickets).set({ name: 'Deleted member', email: `${anonymous}@deleted.invalid` }).where(eq(supportTickets.userId, userId));
  await tx
    .update(users)
    .set({
      username: anonymous,
      email: `${anonymous}@deleted.invalid`,
      passwordHash: null,
      firstName: '',
      lastName: '',
      birthDate: '1900-01-01',
      timezone: 'UTC',
      ssoSubject: null,
      emailValidated: false,
      isDOI: false,
      ageVerification: { status: 'none', result: null },
      settings: { notifyByEmail: false, showOnline: false, keepLocationPrivate: true, measurement: 'metric', timeFormat: '24h' },
      // Nobody signs in as a deleted account, by any route (tokens, sign-on, a restored session).
      blocked: true,
      firstLoginDate: null,
      activityDate: null,
      lastVerificationEmailDate: null,
      deletedDate: now,
      updateDate: now,
    })
    .where(eq(users.id, userId));
  return files.flatMap(storageKeysOf);
}

const BATCH = 20;

/** One pass: every account whose grace period is over, each in its own transaction, files removed after commit. */
export async function eraseDueAccounts(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionDueDate), isNull(users.deletedDate), lte(users.deletionDueDate, now)))
    .limit(BATCH);
  let erased = 0;
  for (const { id } of due) {
    // SKIP LOCKED: another API process erasing the same account takes it, this one moves on.
    const keys = await deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedDate), lte(users.deletionDueDate, now)))
        .for('update', { skipLocked: true });
      return locked ? eraseAccount(tx, id, now) : null;
    });
    if (keys === null) continue;
    await deleteStoredFiles(deps, keys);
    erased += 1;
  }
  return erased;
}

export const accountDeletionJobs: Job[] = [{ name: 'users.account-deletion', everyMs: 60_000, run: eraseDueAccounts }];
