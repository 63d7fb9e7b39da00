import { describe, expect, it } from 'vitest';
import { keyBytes } from './push-device';

describe('the application server key', () => {
  it('is the bytes of the server’s base64url VAPID key (65: an uncompressed P-256 point)', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});
