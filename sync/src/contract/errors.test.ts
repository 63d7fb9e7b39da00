import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { apiError, apiErrorBody, listEnvelope } from './errors.js';

describe('error body', () => {
  it('is { error: { code, message } } with a kebab-case code', () => {
    expect(apiErrorBody.parse(apiError('no-credits', 'x'))).toEqual({ error: { code: 'no-credits', message: 'x' } });
    expect(apiErrorBody.safeParse({ error: { code: 'NoCredits', message: 'x' } }).success).toBe(false);
    expect(apiErrorBody.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('list envelope', () => {
  it('wraps items with total, page and limit', () => {
    const list = listEnvelope(z.object({ _id: z.string() }));
    expect(list.safeParse({ data: [{ _id: 'a' }], total: 1, page: 1, limit: 36 }).success).toBe(true);
    expect(list.safeParse({ data: [{}], total: 1, page: 1, limit: 36 }).success).toBe(false);
    expect(list.safeParse({ data: [], total: 0, page: 0, limit: 36 }).success).toBe(false);
  });
});
