import { describe, expect, it } from 'vitest';
import type { ConversationRecord, MessageRecord } from '../contract/messaging.js';
import { BLOCKED_KEY, CREDITS_KEY, conversationKey, draftKey, localConversationId, messageKey } from './keys.js';
import { MutationError, parseMutation } from './mutations.js';
import { chargeOf, runMutation, type MutatorContext } from './mutators.js';
import { MemoryStore } from './store.js';

const P1 = '11111111-1111-4111-8111-111111111111';
const M1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const M2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NOW = Date.UTC(2026, 0, 15, 12, 30);
let ids = 0;
const client: MutatorContext = { side: 'client', now: NOW, newId: () => `n${++ids}`, profileSummary: (id) => ({ _id: id, username: 'Lena', avatar: null }) };
const server: MutatorContext = { ...client, side: 'server' };

const send = (over: Record<string, unknown> = {}) => ({
  name: 'sendMessage',
  args: { conversationId: 'blank', profileId: P1, messageId: M1, messageType: 'text', message: 'Hello there', ...over },
});

async function storeWith(credits: number) {
  const s = new MemoryStore();
  await s.put(CREDITS_KEY, credits);
  return s;
}

async function expectFailure(p: Promise<unknown>, code: string) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MutationError);
  expect((err as MutationError).code).toBe(code);
}

describe('sendMessage', () => {
  it('starts a blank conversation on the device under a local id, pending, and takes one credit', async () => {
    const s = await storeWith(3);
    const result = await s.transact((tx) => runMutation(tx, send(), client));
    const id = localConversationId(P1);
    expect(result).toEqual({ conversationId: id, messageId: M1, credits: 2 });
    expect(await s.get(CREDITS_KEY)).toBe(2);
    const c = await s.get<ConversationRecord>(conversationKey(id));
    expect(c).toMatchObject({ profileId: P1, hasUserMessage: true, archived: false, unread: 0, profile: { username: 'Lena' } });
    const m = await s.get<MessageRecord>(messageKey(id, M1));
    expect(m).toMatchObject({ senderType: 'user', isPending: true, message: 'Hello there', day: Date.UTC(2026, 0, 15) });
  });

  it('on the server side creates the conversation under a new id and the message is not pending', async () => {
    const s = await storeWith(1);
    const result = (await s.transact((tx) => runMutation(tx, send(), server))) as { conversationId: string };
    expect(result.conversationId).toMatch(/^n\d+$/);
    expect((await s.get<MessageRecord>(messageKey(result.conversationId, M1)))?.isPending).toBe(false);
  });

  it('sends into the existing conversation with that profile when started from blank or from a local id', async () => {
    const s = await storeWith(5);
    const first = (await s.transact((tx) => runMutation(tx, send(), server))) as { conversationId: string };
    const again = (await s.transact((tx) => runMutation(tx, send({ messageId: M2, conversationId: localConversationId(P1) }), server))) as {
      conversationId: string;
    };
    expect(again.conversationId).toBe(first.conversationId);
    expect(await s.scan('conversation/')).toHaveLength(1);
    expect(await s.scan('message/')).toHaveLength(2);
  });

  it('masks emails and phone numbers in what the member is shown', async () => {
    const s = await storeWith(1);
    const r = (await s.transact((tx) => runMutation(tx, send({ message: 'mail me at jo@example.com or +1 555 123 4567' }), client))) as {
      conversationId: string;
    };
    const m = await s.get<MessageRecord>(messageKey(r.conversationId, M1));
    expect(m?.message).not.toContain('jo@example.com');
    expect(m?.message).not.toContain('555 123');
    expect(m?.message.startsWith('mail me at ')).toBe(true);
  });

  it('does nothing for empty text with no attachment, and charges nothing', async () => {
    const s = await storeWith(1);
    expect(await s.transact((tx) => runMutation(tx, send({ message: '   ' }), client))).toEqual({ skipped: 'empty' });
    expect(s.snapshot()).toEqual({ [CREDITS_KEY]: 1 });
    expect(chargeOf(send({ message: ' ' }))).toBe(0);
    expect(chargeOf(send())).toBe(1);
    expect(chargeOf(send({ message: '', messageType: 'attachment', attachment: M2 }))).toBe(1);
  });

  it('refuses with no-credits at 0 and writes nothing', async () => {
    const s = await storeWith(0);
    await expectFailure(s.transact((tx) => runMutation(tx, send(), client)), 'no-credits');
    expect(s.snapshot()).toEqual({ [CREDITS_KEY]: 0 });
  });

  it('refuses a blocked profile, new or existing conversation, on either side, and writes nothing', async () => {
    const s = await storeWith(5);
    await s.transact((tx) => runMutation(tx, send(), server));
    const before = s.snapshot();
    await s.put(BLOCKED_KEY, [P1]);
    for (const ctx of [client, server]) {
      const conversationId = Object.keys(before).find((k) => k.startsWith('conversation/'))!.slice('conversation/'.length);
      await expectFailure(s.transact((tx) => runMutation(tx, send({ messageId: M2, conversationId }), ctx)), 'profile-blocked');
      await expectFailure(s.transact((tx) => runMutation(tx, send({ messageId: M2 }), ctx)), 'profile-blocked');
    }
    expect(s.snapshot()).toEqual({ ...before, [BLOCKED_KEY]: [P1] });
    await s.put(BLOCKED_KEY, []);
    await s.transact((tx) => runMutation(tx, send({ messageId: M2 }), server));
  });

  it('refuses an unknown conversation, a message id used twice, unknown names and bad arguments', async () => {
    const s = await storeWith(5);
    await expectFailure(s.transact((tx) => runMutation(tx, send({ conversationId: 'nope' }), server)), 'conversation-not-found');
    await s.transact((tx) => runMutation(tx, send(), server));
    await expectFailure(s.transact((tx) => runMutation(tx, send({ conversationId: 'blank' }), server)), 'duplicate-message');
    await expectFailure(s.transact((tx) => runMutation(tx, { name: 'dropTables', args: {} }, server)), 'invalid-mutation');
    await expectFailure(s.transact((tx) => runMutation(tx, send({ messageId: 'not-a-uuid' }), server)), 'invalid-mutation');
    await expectFailure(s.transact((tx) => runMutation(tx, { name: 'toString', args: {} }, server)), 'invalid-mutation');
    expect(await s.get(CREDITS_KEY)).toBe(4);
  });
});

describe('archive, restore, mark read, drafts', () => {
  it('archives and restores by id and by local id', async () => {
    const s = await storeWith(2);
    const { conversationId } = (await s.transact((tx) => runMutation(tx, send(), server))) as { conversationId: string };
    await s.transact((tx) => runMutation(tx, { name: 'archiveConversation', args: { conversationId } }, server));
    expect((await s.get<ConversationRecord>(conversationKey(conversationId)))?.archived).toBe(true);
    await s.transact((tx) => runMutation(tx, { name: 'restoreConversation', args: { conversationId: localConversationId(P1) } }, server));
    expect((await s.get<ConversationRecord>(conversationKey(conversationId)))?.archived).toBe(false);
    await expectFailure(s.transact((tx) => runMutation(tx, { name: 'archiveConversation', args: { conversationId: 'gone' } }, server)), 'conversation-not-found');
  });

  it('marks the profile messages read and zeroes the unread count', async () => {
    const s = await storeWith(2);
    const { conversationId } = (await s.transact((tx) => runMutation(tx, send(), server))) as { conversationId: string };
    const c = (await s.get<ConversationRecord>(conversationKey(conversationId)))!;
    await s.put(conversationKey(conversationId), { ...c, unread: 2 });
    const incoming = { ...(await s.get<MessageRecord>(messageKey(conversationId, M1)))!, _id: M2, senderType: 'profile', isRead: false };
    await s.put(messageKey(conversationId, M2), incoming);
    await s.transact((tx) => runMutation(tx, { name: 'markRead', args: { conversationId } }, server));
    expect((await s.get<ConversationRecord>(conversationKey(conversationId)))?.unread).toBe(0);
    expect((await s.get<MessageRecord>(messageKey(conversationId, M2)))?.isRead).toBe(true);
  });

  it('keeps one draft per profile and clears it', async () => {
    const s = new MemoryStore();
    await s.transact((tx) => runMutation(tx, { name: 'saveDraft', args: { profileId: P1, message: 'half a tho' } }, client));
    expect(await s.get(draftKey(P1))).toEqual({ profileId: P1, message: 'half a tho' });
    await s.transact((tx) => runMutation(tx, { name: 'clearDraft', args: { profileId: P1 } }, client));
    expect(await s.get(draftKey(P1))).toBeUndefined();
  });

  it('parses arguments by name', () => {
    expect(parseMutation({ name: 'markRead', args: { conversationId: 'c1' } })).toEqual({ name: 'markRead', args: { conversationId: 'c1' } });
  });
});
