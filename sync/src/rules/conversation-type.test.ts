import { describe, expect, it } from 'vitest';
import { conversationType } from './conversation-type.js';

describe('conversationType', () => {
  it('puts archived conversations in the archive, whatever their messages', () => {
    expect(conversationType({ archived: true, messages: [{ senderType: 'user' }] })).toBe('archive');
  });
  it('counts a conversation the member wrote in as a conversation', () => {
    expect(conversationType({ archived: false, messages: [{ senderType: 'profile' }, { senderType: 'user' }] })).toBe('conversations');
  });
  it('leaves the rest in the inbox', () => {
    expect(conversationType({ archived: false, messages: [{ senderType: 'profile' }] })).toBe('inbox');
    expect(conversationType({})).toBe('inbox');
    expect(conversationType({ archived: null, messages: null })).toBe('inbox');
  });
});
