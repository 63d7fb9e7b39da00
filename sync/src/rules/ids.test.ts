import { describe, expect, it } from 'vitest';
import { isUuid, uuidSchema } from './ids.js';

describe('ids', () => {
  it('takes uuids in either case and nothing else', () => {
    expect(isUuid('0b5e2a4c-8f1d-4c3a-9e7b-123456789abc')).toBe(true);
    expect(isUuid('0B5E2A4C-8F1D-4C3A-9E7B-123456789ABC')).toBe(true);
    for (const bad of ['', 'abc', '0b5e2a4c-8f1d-4c3a-9e7b-123456789ab', '0b5e2a4c8f1d4c3a9e7b123456789abc', ' 0b5e2a4c-8f1d-4c3a-9e7b-123456789abc', null, undefined]) {
      expect(isUuid(bad)).toBe(false);
    }
  });

  it('refuses a body value that is no id with the contract text', () => {
    expect(uuidSchema.safeParse('0b5e2a4c-8f1d-4c3a-9e7b-123456789abc').success).toBe(true);
    const bad = uuidSchema.safeParse('nope');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Must be an id');
  });
});
