import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema/index.js';

/**
 * The staff messages a member may be told about outside the app (the new-message mail, a Web Push): a profile's
 * reply, unread, sent within `lookbackMs`, to a member who is not blocked and not awaiting deletion, in a
 * conversation the member has not blocked. For a query over messages joined to their conversation and its user.
 */
export function unreadStaffNews(now: number, lookbackMs: number) {
  return and(
    isNotNull(messages.agentId),
    gt(messages.dateSent, new Date(now - lookbackMs)),
    eq(messages.isRead, false),
    eq(users.blocked, false),
    // Nothing from a profile the member blocked, nothing to an account awaiting deletion.
    eq(conversations.blocked, false),
    isNull(users.deletionDueDate),
  );
}
