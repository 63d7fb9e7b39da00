import { describe, expect, it } from 'vitest';
import { ApiError, TimeoutError } from './http';
import { shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it('never asks again after an HTTP error (the client retried the transient ones), a timeout or an abort', () => {
    expect(shouldRetry(0, new ApiError(404, 'not-found', 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(409, 'conflict', 'Conflict'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'unavailable', 'Unavailable'))).toBe(false);
    expect(shouldRetry(0, new TimeoutError())).toBe(false);
    expect(shouldRetry(0, new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('asks once more after a dropped connection, and only once', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(false);
  });
});
