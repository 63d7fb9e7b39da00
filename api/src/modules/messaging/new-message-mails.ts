import { and, count, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { brands, conversations, messageMails, messages, profiles, users } from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';
import type { Mail } from '../../providers/mail/mailer.js';
import { mailLayout } from '../auth/mails.js';
import { unreadStaffNews } from './unread-staff-news.js';

/** Replies older than this and still unread are not news any more (and keep the scan on the recent index). */
const LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 100;

interface Due {
  userId: string;
  email: string;
  brand: string;
  lastSeq: number;
  unread: number;
  conversationId: string;
  senders: string[];
}

/** "Anna", "Anna and Bea", "Anna, Bea and 2 others". */
function namesOf(senders: string[]): string {
  if (senders.length <= 2) return senders.join(' and ');
  return `${senders.slice(0, 2).join(', ')} and ${senders.length - 2} other${senders.length === 3 ? '' : 's'}`;
}

export function newMessageMail(due: Due, publicUrl: string): Mail {
  const chatUrl = `${publicUrl}/messages/chat/${due.conversationId}`;
  const what = due.unread === 1 ? 'a new message' : `${due.unread} new messages`;
  const lines = [`You have ${what} from ${namesOf(due.senders)}.`, 'Open the chat to read and answer.'];
  const unsubscribe = `You get this email because "Email me when I get a new message" is on. Turn it off in your settings: ${publicUrl}/settings`;
  return {
    to: due.email,
    subject: `${due.brand}: ${what} from ${namesOf(due.senders)}`,
    text: `${lines.join('\n\n')}\n\n${chatUrl}\n\n${unsubscribe}\n`,
    html: mailLayout(due.brand, lines, { label: 'Open the chat', href: chatUrl }, unsubscribe),
  };
}

/**
 * Members with staff replies they have not read and not been mailed about, whose latest reply is
 * MESSAGE_MAIL_QUIET_SECONDS old (the burst is over: one mail tells of all of it), who were not mailed in the last
 * MESSAGE_MAIL_GAP_MINUTES (however the replies trickle in), and whose setting asks for it. Only verified
 * addresses are mailed. Each member's mail is claimed by moving `mailed_seq` forward in one conditional upsert, so
 * several API processes running this job send it once; a mail that fails to send is not retried (it was news).
 */
export async function sendNewMessageMails(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const { quietMs, gapMs } = deps.config.messageMails;
  const lastSeq = max(messages.seq);
  const due = (await deps.db
    .select({
      userId: conversations.userId,
      email: users.email,
      brand: brands.brand,
      lastSeq: sql<number>`${lastSeq}`.mapWith(Number),
      unread: count(),
      conversationId: sql<string>`(array_agg(${conversations.id} order by ${messages.seq} desc))[1]`,
      senders: sql<string[]>`array_agg(distinct ${profiles.username})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(users, eq(users.id, conversations.userId))
    .innerJoin(brands, eq(brands.id, users.brandId))
    .innerJoin(profiles, eq(profiles.id, conversations.profileId))
    .leftJoin(messageMails, eq(messageMails.userId, conversations.userId))
    .where(
      and(
        unreadStaffNews(now, LOOKBACK_MS),
        gt(messages.seq, sql`coalesce(${messageMails.mailedSeq}, 0)`),
        or(isNull(messageMails.mailDate), lte(messageMails.mailDate, new Date(now - gapMs))),
        eq(users.emailValidated, true),
        sql`coalesce((${users.settings}->>'notifyByEmail')::boolean, true)`,
      ),
    )
    .groupBy(conversations.userId, users.email, brands.brand)
    .having(lte(max(messages.dateSent), new Date(now - quietMs)))
    .limit(BATCH)) as Due[];

  let sent = 0;
  for (const row of due) {
    const [claimed] = await deps.db
      .insert(messageMails)
      .values({ userId: row.userId, mailedSeq: row.lastSeq, mailDate: new Date(now) })
      .onConflictDoUpdate({
        target: messageMails.userId,
        set: { mailedSeq: row.lastSeq, mailDate: new Date(now) },
        setWhere: sql`${messageMails.mailedSeq} < ${row.lastSeq}`,
      })
      .returning({ userId: messageMails.userId });
    if (!claimed) continue;
    try {
      await deps.providers.mail.send(newMessageMail(row, deps.config.publicUrl));
      sent++;
    } catch (err) {
      console.error('[messaging] new-message mail failed', err);
    }
  }
  return sent;
}

export const messagingJobs: Job[] = [{ name: 'messaging.new-message-mails', everyMs: 10_000, run: sendNewMessageMails }];
