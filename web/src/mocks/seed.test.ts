import { afterEach, describe, expect, it } from 'vitest';
import { CONVERSATION_PREFIX, CREDITS_KEY, MESSAGE_PREFIX } from '@sync/engine/keys';
import type { ConversationRecord } from '@sync/contract/messaging';
import { messagingMock } from './handlers/messaging';
import { mockProfileId } from './profiles-data';
import { SEED_CREDITS, SEED_INBOX, SEED_MEMBER, seedMockWorld } from './seed';

afterEach(() => messagingMock.reset());

describe("the tester's seeded world", () => {
  it('gives the demo member every seeded conversation with its history, the trailing replies unread, and the seeded credits', async () => {
    await seedMockWorld(Date.UTC(2026, 5, 1, 12));
    const state = messagingMock.server.state(SEED_MEMBER);
    const conversations = Object.entries(state).filter(([key]) => key.startsWith(CONVERSATION_PREFIX)).map(([, value]) => value as ConversationRecord);
    expect(conversations).toHaveLength(SEED_INBOX.length);
    expect(Object.keys(state).filter((key) => key.startsWith(MESSAGE_PREFIX))).toHaveLength(SEED_INBOX.flatMap((c) => c.lines).length);
    const unread = Object.fromEntries(conversations.map((c) => [c.profileId, c.unread]));
    expect(unread).toEqual(Object.fromEntries([[1, 2], [2, 1], [4, 3], [5, 0], [7, 1], [9, 0]].map(([n, count]) => [mockProfileId(n!), count])));
    expect(state[CREDITS_KEY]).toBe(SEED_CREDITS);
  });
});
