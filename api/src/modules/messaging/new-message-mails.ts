import { and, count, eq, gt, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { brands, conversations, messageMails, messages, profiles, users } from '../../db/schema/index.js';
import type { Job } from '../../jobs/scheduler.js';
import type { Mail } from '../../providers/mail/mailer.js';
import { addTexts, isLocale, localeOfCountry, t } from '@sync/texts';
import { enMail } from '@sync/locales/en-mail';
import { inLocale } from '../../lib/i18n.js';
import { mailLayout } from '../auth/mails.js';
import { unreadStaffNews } from './unread-staff-news.js';

/** Replies older than this and still unread are not news any more (and keep the scan on the recent index). */
const LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 100;

addTexts(enMail);

interface Due {
  userId: string;
  email: string;
  brand: string;
  /** The member's chosen language, else the brand's country decides (docs/decisions/0045). */
  language: string | null;
  country: string;
  lastSeq: number;
  unread: number;
  conversationId: string;
  senders: string[];
}

/** "Anna", "Anna and Bea", "Anna, Bea and 2 others". */
function namesOf(senders: string[]): string {
  const [first = '', second = ''] = senders;
  if (senders.length <= 1) return first;
  if (senders.length === 2) return t('mail.names-two', { first, second });
  return t('mail.names-more', { first, second, count: senders.length - 2 });
}

/** The mail in its recipient's language: the member's choice, else the language of the brand's country. */
export function newMessageMail(due: Due, publicUrl: string): Mail {
  return inLocale(isLocale(due.language) ? due.language : localeOfCountry(due.country), () => {
    const chatUrl = `${publicUrl}/messages/chat/${due.conversationId}`;
    const what = t('mail.new-message-what', { count: due.unread });
    const names = namesOf(due.senders);
    const lines = [t('mail.new-message-line', { what, names }), t('mail.new-message-open')];
    const unsubscribe = t('mail.new-message-unsubscribe', { url: `${publicUrl}/settings` });
    return {
      to: due.email,
      subject: t('mail.new-message-subject', { brand: due.brand, what, names }),
      text: `${lines.join('\n\n')}\n\n${chatUrl}\n\n${unsubscribe}\n`,
      html: mailLayout(due.brand, lines, { label: t('mail.new-message-button'), href: chatUrl }, unsubscribe),
    };
  });
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
      language: sql<string | null>`${users.settings}->>'language'`,
      country: brands.defaultCountry,
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
    .groupBy(conversations.userId, users.email, users.settings, brands.brand, brands.defaultCountry)
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
