import { sql } from 'drizzle-orm';
import type { Database } from '@api/db/client';
import { seedWorld, type Principal } from './world.js';

export interface MemberHistory {
  member: Principal;
  /** With `admin: true`: an admin, to reply from the profiles' side. */
  admin?: Principal;
  brandId: string;
  /** The member's conversations, one per fictive profile. */
  conversations: { id: string; profileId: string }[];
}

export interface HistoryOptions {
  jwtSecret: string;
  conversations: number;
  messagesPerConversation: number;
  credits: number;
  admin?: boolean;
}

/**
 * A member with a long history, written in two statements (generate_series) rather than through the API: one
 * fictive profile per conversation (the product's schema wants a conversation's profile to be a fictive of the
 * member's brand), messages alternating between the member and the profile a minute apart, newest last.
 */
export async function seedMemberHistory(database: Database, opts: HistoryOptions): Promise<MemberHistory> {
  const world = await seedWorld(database, { jwtSecret: opts.jwtSecret, members: 1, credits: opts.credits, fictives: opts.conversations, admin: opts.admin });
  const member = world.members[0]!;
  const perConversation = opts.messagesPerConversation;
  const conversations = (await database.db.execute(sql`
    insert into conversations (brand_id, user_id, profile_id, has_user_message, last_message_date, last_user_message_date, create_date, update_date)
    select ${world.brandId}::uuid, ${member.id}::uuid, f.id, true, at, at, at - interval '1 day', at
    from unnest(${sql.param(world.fictives)}::uuid[]) with ordinality as f(id, n), lateral (select now() - f.n * interval '1 minute' as at) t
    returning id, profile_id`)) as unknown as { rows: { id: string; profile_id: string }[] };
  await database.db.execute(sql`
    insert into messages (conversation_id, sender_type, message_type, message, is_read, date_sent)
    select c.id, case when g % 2 = 0 then 'user' else 'profile' end::sender_type, 'text', 'message ' || g, true,
      c.last_message_date - (${perConversation}::int - g) * interval '1 minute'
    from conversations c cross join generate_series(1, ${perConversation}::int) g
    where c.user_id = ${member.id}::uuid`);
  await database.db.execute(sql`analyze conversations, messages`);
  return { member, admin: world.admin, brandId: world.brandId, conversations: conversations.rows.map((r) => ({ id: r.id, profileId: r.profile_id })) };
}
