import { describe, expect, it } from 'vitest';
import { publicDomain } from './use-brand-facts';

describe('publicDomain', () => {
  it('keeps a real domain and hides development hosts', () => {
    expect(publicDomain('flirtaway.com')).toBe('flirtaway.com');
    expect(publicDomain('localhost')).toBeNull();
    expect(publicDomain('localhost:3000')).toBeNull();
    expect(publicDomain('127.0.0.1')).toBeNull();
  });
});
