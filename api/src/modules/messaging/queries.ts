import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { UnreadCounts } from '@sync/contract/messaging';
import type { ConversationType } from '@sync/rules/conversation-type';
import { t } from '@sync/texts';
import { isUuid } from '@sync/rules/ids';
import type { Executor } from '../../db/client.js';
import { memberUnreadCounts } from '../../db/functions/calls.js';
import { conversations } from '../../db/schema/index.js';
import { ApiError } from '../../lib/errors.js';
import { loadLastMessages, loadProfileInfo, toMemberConversation, toMessageRecord, type Reader } from './serialize.js';
import { messageChunk } from './service.js';

/**
 * docs/product.md#messaging conversation type: the database function conversation_type (api/src/db/functions/), which
 * member_unread_counts counts by too. The device's guess of the tab is sync/src/rules/conversation-type.ts.
 */
function typeFilter(type: ConversationType): SQL {
  return sql`conversation_type(${conversations.archived}, ${conversations.hasUserMessage}) = ${type}`;
}

export async function conversationsPage(exec: Executor, userId: string, q: { type?: ConversationType; page: number; limit: number }) {
  // A blocked profile's conversation is nowhere the member looks (safety/blocks.ts).
  const where = and(eq(conversations.userId, userId), eq(conversations.blocked, false), q.type ? typeFilter(q.type) : undefined);
  const [{ total } = { total: 0 }] = await exec.select({ total: count() }).from(conversations).where(where);
  const rows = await exec
    .select()
    .from(conversations)
    .where(where)
    .orderBy(sql`coalesce(${conversations.lastMessageDate}, ${conversations.createDate}) desc`, desc(conversations.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const last = await loadLastMessages(
    exec,
    rows.map((r) => r.id),
  );
  const info = await loadProfileInfo(
    exec,
    rows.map((r) => r.profileId),
  );
  const data = rows.map((row) => {
    const lastMessage = last.get(row.id);
    return {
      ...toMemberConversation(row, info.get(row.profileId), lastMessage ? [lastMessage] : [], 'member'),
      lastMessage: lastMessage ? toMessageRecord(lastMessage, 'member') : null,
    };
  });
  return { data, total: Number(total), page: q.page, limit: q.limit };
}

/** docs/product.md#data unread counts: unread profile messages in total, in the Inbox, in the Archive and in Conversations. */
/** The member's unread counts per list: the SQL function member_unread_counts, which agent_reply answers too. */
export async function unreadCountsOf(exec: Executor, userId: string): Promise<UnreadCounts> {
  return memberUnreadCounts.callIn(exec, { uid: userId });
}

/** A member reads their own conversation (masked). Staff read through agents/staff-routes.ts (scope-checked, originals). */
export async function conversationForReader(
  exec: Executor,
  id: string,
  reader: { userId: string } | { staff: true },
  limit: number,
  before?: string,
) {
  if (!isUuid(id)) throw new ApiError(404, 'not-found', t('error.not-found'));
  const [row] = await exec
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), 'userId' in reader ? and(eq(conversations.userId, reader.userId), eq(conversations.blocked, false)) : undefined));
  if (!row) throw new ApiError(404, 'not-found', t('error.not-found'));
  const who: Reader = 'userId' in reader ? 'member' : 'staff';
  const chunk = await messageChunk(exec, row.id, limit, before);
  const info = await loadProfileInfo(exec, [row.profileId]);
  return { ...toMemberConversation(row, info.get(row.profileId), chunk.rows, who), hasMore: chunk.hasMore };
}
