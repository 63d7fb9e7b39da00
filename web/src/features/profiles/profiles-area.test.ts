import { describe, expect, it } from 'vitest';
import { leavesProfilesArea } from './profiles-area';

describe('docs/product.md#profiles-and-matching profiles list reset rule', () => {
  it('keeps the list when going from the list to a profile and back', () => {
    expect(leavesProfilesArea('/profiles', '/profile/p-1')).toBe(false);
    expect(leavesProfilesArea('/profile/p-1', '/profiles')).toBe(false);
    expect(leavesProfilesArea('/profile/p-1', '/profile/p-2')).toBe(false);
  });
  it('resets when leaving the list or a profile for any other page', () => {
    expect(leavesProfilesArea('/profiles', '/messages/inbox')).toBe(true);
    expect(leavesProfilesArea('/profile/p-1', '/interests/favorites')).toBe(true);
    expect(leavesProfilesArea('/profile/p-1', '/messages/chat/blank')).toBe(true);
  });
  it('ignores navigation that never touched the profiles area', () => {
    expect(leavesProfilesArea('/messages/inbox', '/user')).toBe(false);
  });
});
