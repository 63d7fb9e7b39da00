import { describe, expect, it } from 'vitest';
import type { ConversationRow } from '@web/local/db';
import { newArrivalMemory, newArrivals } from './incoming-messages';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString();

function row(id: string, last: { date: string; senderType: string; message?: string } | null, archived = false): ConversationRow {
  return {
    _id: id,
    profileId: `p-${id}`,
    profile: { _id: `p-${id}`, username: `anna_${id}`, avatar: `/a/${id}.jpg` },
    archived,
    lastMessage: last ? { message: last.message ?? 'hi', messageType: 'text', senderType: last.senderType, date: last.date, status: 'sent' } : null,
  } as ConversationRow;
}

describe('newArrivals', () => {
  it('announces a fresh message from a profile in a conversation not on screen, once', () => {
    const memory = newArrivalMemory();
    expect(newArrivals(memory, [row('a', { date: at(300), senderType: 'profile' })], null, NOW)).toEqual([]);
    const next = [row('a', { date: at(1), senderType: 'profile', message: 'hello you' })];
    expect(newArrivals(memory, next, null, NOW)).toEqual([{ conversationId: 'a', username: 'anna_a', avatar: '/a/a.jpg', message: 'hello you', messageType: 'text' }]);
    expect(newArrivals(memory, next, null, NOW)).toEqual([]);
  });

  it('stays quiet for the open chat, the member’s own message, an archived one and history catching up', () => {
    const memory = newArrivalMemory();
    newArrivals(memory, [], null, NOW);
    const rows = [
      row('open', { date: at(1), senderType: 'profile' }),
      row('mine', { date: at(1), senderType: 'user' }),
      row('archived', { date: at(1), senderType: 'profile' }, true),
      row('old', { date: at(3600), senderType: 'profile' }),
    ];
    expect(newArrivals(memory, rows, 'open', NOW)).toEqual([]);
  });

  it('a first conversation of a new member is announced once the memory is primed, even from empty', () => {
    const memory = newArrivalMemory();
    newArrivals(memory, [], null, NOW);
    expect(newArrivals(memory, [row('b', { date: at(2), senderType: 'profile' })], null, NOW)).toHaveLength(1);
  });
});
