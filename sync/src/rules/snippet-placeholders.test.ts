import { describe, expect, it } from 'vitest';
import { fillPlaceholders, snippetMatches } from './snippet-placeholders';

describe('snippet placeholders', () => {
  const names = { member: 'Sam', profile: 'Lena' };

  it('fills every {member} and {profile}, whatever their case and inner spaces', () => {
    expect(fillPlaceholders('Hi {member}, {profile} here. {MEMBER}? { profile }', names)).toBe('Hi Sam, Lena here. Sam? Lena');
  });

  it('leaves unknown and broken placeholders for the agent to see', () => {
    expect(fillPlaceholders('{name} {member {profile}}', names)).toBe('{name} {member Lena}');
  });

  it('does not read names as patterns ($& and $1 stay as written)', () => {
    expect(fillPlaceholders('Hi {member}', { member: '$&$1', profile: 'x' })).toBe('Hi $&$1');
  });
});

describe('snippet search', () => {
  const s = { title: 'Good morning', body: 'Morning {member}, slept well?' };
  it('matches every word in the title or the text, case-insensitively', () => {
    expect(snippetMatches(s, '')).toBe(true);
    expect(snippetMatches(s, 'MORNING slept')).toBe(true);
    expect(snippetMatches(s, 'good well')).toBe(true);
    expect(snippetMatches(s, 'evening')).toBe(false);
  });
});
