import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CREDITS_KEY, conversationKey, localConversationId, messageKey } from '@sync/engine/keys';
import type { PatchOp } from '@sync/engine/mutations';
import type { ConversationRecord, MessageRecord } from '@sync/contract/messaging';
import { LocalDatabase } from '@web/local/db';
import { applyServerChanges, VIEW_TABLES } from './view';

const PROFILE = '6f1c2a3b-0000-4000-8000-000000000001';
const CONVERSATION = 'c0000000-0000-4000-8000-000000000001';
let count = 0;

function conversation(): ConversationRecord {
  const at = '2026-01-15T12:00:00.000Z';
  return { _id: CONVERSATION, profileId: PROFILE, profile: { _id: PROFILE, username: 'Sophie', avatar: null }, archived: false, hasUserMessage: true, createDate: at, updateDate: at, lastMessageDate: at, unread: 0 };
}

function message(id: string, minute: number, text: string): MessageRecord {
  const at = new Date(Date.UTC(2026, 0, 15, 12, minute)).toISOString();
  return { _id: id, conversationId: CONVERSATION, messageType: 'text', message: text, attachment: null, senderType: minute % 2 ? 'profile' : 'user', dateSent: at, date: at, day: 0, isRead: true, isPending: false } as MessageRecord;
}

describe('applyServerChanges: a page written in bulk keeps the order of its changes', () => {
  let db: LocalDatabase;
  beforeEach(async () => {
    db = new LocalDatabase(`view-test-${++count}`);
    // Every pull brings the member's credits: the shown credits are written after each change, as in the app.
    await db.kv.put({ key: CREDITS_KEY, value: 5 });
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const apply = (patch: PatchOp[], alsoRebuild: string[] = []) =>
    db.transaction('rw', [...VIEW_TABLES], async () => {
      await applyServerChanges(db, patch, alsoRebuild);
    });
  const put = (key: string, value: unknown): PatchOp => ({ op: 'put', key, value });

  it('writes the conversation, its messages and the list row from one page', async () => {
    await apply([put(conversationKey(CONVERSATION), conversation()), put(messageKey(CONVERSATION, 'm1'), message('m1', 0, 'first')), put(messageKey(CONVERSATION, 'm2'), message('m2', 1, 'last'))]);
    expect((await db.messages.toArray()).map((m) => [m.message, m.status])).toEqual([
      ['first', 'sent'],
      ['last', 'sent'],
    ]);
    expect(await db.conversations.get(CONVERSATION)).toMatchObject({ lastMessage: { message: 'last' }, firstSender: 'user', lastSender: 'profile', type: 'conversations' });
  });

  it('a conversation removed after its messages takes them along; put again after its removal, it keeps what follows', async () => {
    await apply([put(conversationKey(CONVERSATION), conversation()), put(messageKey(CONVERSATION, 'm1'), message('m1', 0, 'first'))]);
    await apply([put(messageKey(CONVERSATION, 'm2'), message('m2', 1, 'second')), { op: 'del', key: conversationKey(CONVERSATION) }]);
    expect(await db.messages.count()).toBe(0);
    expect(await db.conversations.count()).toBe(0);
    expect(await db.kv.where('key').startsWithAnyOf('conversation/', 'message/').count()).toBe(0);

    await apply([put(messageKey(CONVERSATION, 'm0'), message('m0', 0, 'gone')), { op: 'del', key: conversationKey(CONVERSATION) }, put(conversationKey(CONVERSATION), conversation()), put(messageKey(CONVERSATION, 'm3'), message('m3', 3, 'again'))]);
    expect((await db.messages.toArray()).map((m) => m.message)).toEqual(['again']);
    expect(await db.conversations.get(CONVERSATION)).toMatchObject({ lastMessage: { message: 'again' } });
  });

  it('a conversation started offline gives way to the server\'s, and the other conversations are left alone', async () => {
    const local = localConversationId(PROFILE);
    await db.conversations.put({ ...conversation(), _id: local, type: 'conversations', sortDate: '', lastMessage: null, firstSender: 'user', lastSender: 'user' });
    await db.messages.put({ ...message('m1', 0, 'hello'), conversationId: local, status: 'sent' });
    const other = { ...conversation(), _id: 'c0000000-0000-4000-8000-000000000002', profileId: '6f1c2a3b-0000-4000-8000-000000000002' };
    await apply([put(conversationKey(other._id), other)]);

    await apply([put(conversationKey(CONVERSATION), conversation()), put(messageKey(CONVERSATION, 'm1'), message('m1', 0, 'hello'))], [PROFILE]);
    expect((await db.conversations.toCollection().primaryKeys()).sort()).toEqual([CONVERSATION, other._id].sort());
    expect(await db.messages.toArray()).toMatchObject([{ _id: 'm1', conversationId: CONVERSATION, status: 'sent' }]);
  });
  it('a conversation new to the view takes its list row from the page, in any order; a held one from everything the view holds', async () => {
    await apply([put(messageKey(CONVERSATION, 'm3'), message('m3', 3, 'newest')), put(conversationKey(CONVERSATION), conversation()), put(messageKey(CONVERSATION, 'm2'), message('m2', 2, 'older'))]);
    expect(await db.conversations.get(CONVERSATION)).toMatchObject({ lastMessage: { message: 'newest' }, firstSender: 'user', lastSender: 'profile', sortDate: message('m3', 3, '').date });

    // An older page of history: the first message changes, the last stays what the view already held.
    await apply([put(messageKey(CONVERSATION, 'm1'), message('m1', 1, 'oldest'))]);
    expect(await db.conversations.get(CONVERSATION)).toMatchObject({ lastMessage: { message: 'newest' }, firstSender: 'profile', lastSender: 'profile' });

    // The conversation again, alone: its row still shows the messages held before this page.
    await apply([put(conversationKey(CONVERSATION), { ...conversation(), unread: 2 })]);
    expect(await db.conversations.get(CONVERSATION)).toMatchObject({ unread: 2, lastMessage: { message: 'newest' }, firstSender: 'profile' });
  });
});
