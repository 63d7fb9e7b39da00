import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { conversations, meetUps, messages, profiles, users } from '../schema/index.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

interface DemoThread {
  username: string;
  country: string;
  isPremium: boolean;
  /** Minutes ago the member wrote (each entry one message, oldest first). */
  memberMessages: [number, string][];
  /** Minutes ago the profile answered, before the member's messages (follow-ups have no member message after it). */
  profileReply?: [number, string];
  /** A meet-up this many minutes ago (it falls due for follow-up). */
  meetUpAgo?: number;
}

/** Members waiting on the demo brand, so the agent console is not empty on `npm start` (issue D). */
const THREADS: DemoThread[] = [
  { username: 'waiting_will', country: 'US', isPremium: false, memberMessages: [[42, 'Hey there! Love your photos from the lake 😊']] },
  { username: 'premium_paul', country: 'US', isPremium: true, memberMessages: [[41, 'Hi! Free for a coffee this weekend?'], [40, 'Mail me at paul@example.com']] },
  { username: 'gb_george', country: 'GB', isPremium: false, memberMessages: [[25, 'Hello from London! How is your day going?']] },
  { username: 'de_dieter', country: 'DE', isPremium: false, memberMessages: [[12, 'Guten Tag! Do you speak German?']] },
  {
    username: 'quiet_quentin',
    country: 'US',
    isPremium: false,
    memberMessages: [[4 * DAY / MINUTE, 'Nice to meet you.']],
    profileReply: [3 * DAY / MINUTE, 'Nice to meet you too! What do you do for fun?'],
  },
  {
    username: 'meeting_mike',
    country: 'US',
    isPremium: false,
    memberMessages: [[2 * DAY / MINUTE, 'So Friday at the pier?']],
    profileReply: [2 * DAY / MINUTE - 30, 'Friday at the pier it is!'],
    meetUpAgo: DAY / MINUTE,
  },
];

/**
 * Demo members with conversations in the agents' stocks: four waiting on a reply (message stock, one of them
 * paying, across the three countries of the demo brand), one silent after the profile's answer (the
 * follow-up job picks it up) and one with a meet-up yesterday (the meet-up stock).
 */
export async function insertDemoConversations(tx: Executor, brandId: string, now: Date): Promise<number> {
  const fictive = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.brandId, brandId), eq(profiles.kind, 'fictive'), eq(profiles.gender, 'woman')))
    .orderBy(asc(profiles.createDate), asc(profiles.id))
    .limit(THREADS.length);
  if (fictive.length < THREADS.length) return 0;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  for (const [i, thread] of THREADS.entries()) {
    const [user] = await tx
      .insert(users)
      .values({
        brandId,
        username: thread.username,
        email: `${thread.username}@example.com`,
        gender: 'man',
        lookingFor: 'woman',
        birthDate: `19${80 + i}-0${1 + i}-1${i}`,
        country: thread.country,
        emailValidated: true,
        isPremium: thread.isPremium,
        activityDate: at(thread.memberMessages.at(-1)![0]),
        createDate: at(10 * DAY / MINUTE),
      })
      .returning({ id: users.id });
    await tx.insert(profiles).values({
      kind: 'member',
      userId: user!.id,
      brandId,
      username: thread.username,
      gender: 'man',
      birthDate: `19${80 + i}-0${1 + i}-1${i}`,
      location: { country: thread.country },
      country: thread.country,
      createDate: at(10 * DAY / MINUTE),
    });
    const lastMember = at(thread.memberMessages.at(-1)![0]);
    const firstMember = at(thread.memberMessages[0]![0]);
    const reply = thread.profileReply ? at(thread.profileReply[0]) : undefined;
    const waiting = !reply;
    const [conversation] = await tx
      .insert(conversations)
      .values({
        brandId,
        userId: user!.id,
        profileId: fictive[i]!.id,
        hasUserMessage: true,
        lastMessageDate: reply && reply > lastMember ? reply : lastMember,
        lastUserMessageDate: lastMember,
        lastProfileMessageDate: reply ?? null,
        unreadByUser: reply ? 1 : 0,
        stock: waiting ? 'message' : null,
        stockDate: waiting ? firstMember : null,
        stockPaying: waiting && thread.isPremium,
        createDate: firstMember,
        updateDate: lastMember,
      })
      .returning({ id: conversations.id });
    const rows: (typeof messages.$inferInsert)[] = thread.memberMessages.map(([ago, text]) => ({
      conversationId: conversation!.id,
      senderType: 'user' as const,
      messageType: 'text' as const,
      message: text,
      isRead: true,
      dateSent: at(ago),
    }));
    if (thread.profileReply) {
      rows.push({ conversationId: conversation!.id, senderType: 'profile', messageType: 'text', message: thread.profileReply[1], dateSent: reply! });
    }
    rows.sort((a, b) => a.dateSent!.getTime() - b.dateSent!.getTime());
    for (const row of rows) await tx.insert(messages).values(row);
    if (thread.meetUpAgo) {
      await tx.insert(meetUps).values({ conversationId: conversation!.id, meetDate: at(thread.meetUpAgo), meetStatus: 'confirmed', location: 'The pier café', description: 'First date' });
    }
  }
  return THREADS.length;
}
