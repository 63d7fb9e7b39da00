import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths and refuses everything else', () => {
    expect(safeRedirectPath('/profiles')).toBe('/profiles');
    expect(safeRedirectPath('/messages/chat/abc?question=askForCity#x')).toBe('/messages/chat/abc?question=askForCity#x');
    expect(safeRedirectPath('/a/../b')).toBe('/b');
    for (const bad of ['', 'profiles', '//evil.example', '/\\evil.example', '\\\\evil', 'https://evil.example', '/x\n', `/${'a'.repeat(600)}`, 42, null]) {
      expect(safeRedirectPath(bad)).toBeUndefined();
    }
  });
});
