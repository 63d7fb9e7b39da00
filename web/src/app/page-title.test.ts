import { describe, expect, it } from 'vitest';
import { pageTitleOf } from './page-title';

describe('pageTitleOf', () => {
  it('names each page, the most specific path first', () => {
    expect(pageTitleOf('/messages/chat/c-1', 'Amora')).toBe('Chat · Amora');
    expect(pageTitleOf('/messages/inbox', 'Amora')).toBe('Messages · Amora');
    expect(pageTitleOf('/profiles', 'Amora')).toBe('Search · Amora');
    expect(pageTitleOf('/profile/p-1', 'Amora')).toBe('Profile · Amora');
    expect(pageTitleOf('/matches', 'Amora')).toBe('Discover · Amora');
    expect(pageTitleOf('/upgrade/checkout', 'Amora')).toBe('Checkout · Amora');
    expect(pageTitleOf('/user', 'Amora')).toBe('My account · Amora');
    expect(pageTitleOf('/about', 'Amora')).toBe('About us · Amora');
    expect(pageTitleOf('/', 'Amora')).toBe('Amora');
    expect(pageTitleOf('/userx', 'Amora')).toBe('Amora');
  });
});
