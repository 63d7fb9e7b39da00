import { and, count, eq, gt, max, sql } from 'drizzle-orm';
import { maskContacts } from '@sync/rules/mask';
import { t } from '@sync/texts';
import type { AppDeps } from '../../context.js';
import { conversations, messages, profiles, pushState, pushSubscriptions, users } from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';
import type { PushMessage } from '../../providers/push/push.js';
import { loadProfileInfo } from '../messaging/serialize.js';
import { unreadStaffNews } from '../messaging/unread-staff-news.js';

/** A message older than this is no news for a lock screen any more (and keeps the scan on the recent rows). */
const LOOKBACK_MS = 3_600_000;
const BATCH = 100;
const BODY_MAX = 140;

interface Due {
  userId: string;
  lastSeq: number;
  unread: number;
  conversationId: string;
  profileId: string;
  username: string;
  message: string;
  messageType: string;
}

/** What the service worker shows (web/public/push-sw.js): one notification per conversation, replaced by the next. */
export function newMessagePush(due: Due, avatar: string | null): PushMessage {
  // A lock screen shows what the app would: contacts masked, as members read every message (docs/api.md#messaging).
  const text = due.messageType === 'attachment' && !due.message ? t('messages.new-photo') : maskContacts(due.message);
  const body = text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
  return {
    payload: JSON.stringify({
      title: t('messages.new-from', { username: due.username }),
      body,
      icon: avatar,
      url: `/messages/chat/${due.conversationId}`,
      tag: `conversation-${due.conversationId}`,
    }),
    // An hour later the message is in the app's inbox and the mail has gone: a stale notification would only nag.
    ttlSeconds: 3600,
    topic: `c${due.conversationId.replaceAll('-', '')}`.slice(0, 32),
    urgency: 'high',
  };
}

/**
 * Pushes each member's newest unread staff message to their devices, once per message: `push_state.pushed_seq`
 * moves forward in one conditional upsert before anything is sent, so several API processes push it once. A member
 * with a socket open on this process sees the message in the app (the toast) and gets no push; the message still
 * counts as told. Subscriptions the push service calls gone (404/410) are removed.
 */
export async function sendNewMessagePushes(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const pushed = sql`coalesce((select ${pushState.pushedSeq} from ${pushState} where ${pushState.userId} = ${conversations.userId}), 0)`;
  const latest = <T>(column: unknown) => sql<T>`(array_agg(${column} order by ${messages.seq} desc))[1]`;
  const due = (await deps.db
    .select({
      userId: conversations.userId,
      lastSeq: sql<number>`${max(messages.seq)}`.mapWith(Number),
      unread: count(),
      conversationId: latest<string>(conversations.id),
      profileId: latest<string>(conversations.profileId),
      username: latest<string>(profiles.username),
      message: latest<string>(messages.message),
      messageType: latest<string>(messages.messageType),
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(profiles, eq(profiles.id, conversations.profileId))
    .where(
      and(
        unreadStaffNews(now, LOOKBACK_MS),
        gt(messages.seq, pushed),
        sql`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${conversations.userId})`,
      ),
    )
    .groupBy(conversations.userId)
    .limit(BATCH)) as Due[];
  if (due.length === 0) return 0;

  const avatars = await loadProfileInfo(deps.db, due.map((row) => row.profileId));
  let sent = 0;
  for (const row of due) {
    const [claimed] = await deps.db
      .insert(pushState)
      .values({ userId: row.userId, pushedSeq: row.lastSeq })
      .onConflictDoUpdate({ target: pushState.userId, set: { pushedSeq: row.lastSeq }, setWhere: sql`${pushState.pushedSeq} < ${row.lastSeq}` })
      .returning({ userId: pushState.userId });
    if (!claimed) continue;
    if (deps.realtime.roomSize(`user:${row.userId}`) > 0) continue;
    const message = newMessagePush(row, avatars.get(row.profileId)?.summary.avatar ?? null);
    const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, row.userId));
    for (const device of devices) {
      try {
        const outcome = await deps.providers.push.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, message);
        if (outcome.status === 'gone') {
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        } else {
          await deps.db.update(pushSubscriptions).set({ lastPushDate: new Date(now) }).where(eq(pushSubscriptions.id, device.id));
          sent++;
        }
      } catch (err) {
        // One device's push service failing leaves the others; the message is not retried (it was news).
        console.error('[push] new-message push failed', err);
      }
    }
  }
  return sent;
}

export const pushJobs: Job[] = [{ name: 'push.new-messages', everyMs: 2_000, run: sendNewMessagePushes }];
