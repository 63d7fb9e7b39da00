import { asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../context.js';
import { conversations, messages, orders, profiles } from '../../db/schema/index.js';
import { toMessageRecord } from '../messaging/serialize.js';
import { loadUserState } from './service.js';

/**
 * GET /api/user/{id}/export: everything the member gave or got here, as one JSON document (GDPR Art. 15/20):
 * the account and profile as the app shows them (cards by brand and last four digits only), every conversation
 * with its messages as the member reads them, and every order. Null for an unknown member.
 */
export async function exportMemberData(deps: Pick<AppDeps, 'clock' | 'db'>, userId: string) {
  const account = await loadUserState(deps, deps.db, userId);
  if (!account) return null;
  const [threads, messageRows, orderRows] = await Promise.all([
    deps.db
      .select({ id: conversations.id, profile: profiles.username, createDate: conversations.createDate })
      .from(conversations)
      .innerJoin(profiles, eq(profiles.id, conversations.profileId))
      .where(eq(conversations.userId, userId))
      .orderBy(asc(conversations.createDate)),
    deps.db
      .select({ message: messages })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.userId, userId))
      .orderBy(asc(messages.seq)),
    deps.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createDate)),
  ]);
  const byConversation = new Map<string, ReturnType<typeof exportedMessage>[]>();
  for (const { message } of messageRows) {
    const list = byConversation.get(message.conversationId) ?? [];
    list.push(exportedMessage(toMessageRecord(message, 'member')));
    byConversation.set(message.conversationId, list);
  }
  return {
    exportDate: deps.clock.now().toISOString(),
    account,
    conversations: threads.map((thread) => ({
      _id: thread.id,
      profile: thread.profile,
      createDate: thread.createDate.toISOString(),
      messages: byConversation.get(thread.id) ?? [],
    })),
    orders: orderRows.map((order) => ({
      _id: order.id,
      status: order.status,
      products: order.products,
      total: order.totalCents / 100,
      vat: order.vatCents / 100,
      currency: order.currency,
      invoiceId: order.invoiceId,
      createDate: order.createDate.toISOString(),
    })),
  };
}

function exportedMessage(record: ReturnType<typeof toMessageRecord>) {
  return {
    from: record.senderType === 'user' ? 'me' : 'profile',
    messageType: record.messageType,
    message: record.message,
    attachment: record.attachment,
    dateSent: record.dateSent,
    isRead: record.isRead,
  };
}
