import { describe, expect, it } from 'vitest';
import { memberPreview } from './reply-events.js';

const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text));

describe('memberPreview (the text of a reply in the member live event)', () => {
  it('masks contacts and keeps a short text whole', () => {
    const preview = memberPreview('write to lena@example.com or call +1 555 123 4567');
    expect(preview.partial).toBe(false);
    expect(preview.text).not.toContain('lena@example.com');
    expect(preview.text).not.toContain('555 123 4567');
  });

  it('cuts a long text to 1000 characters after masking, so a contact across the cut is still hidden', () => {
    const text = `${'x'.repeat(990)} lena@example.com ${'y'.repeat(500)}`;
    const preview = memberPreview(text);
    expect(preview.partial).toBe(true);
    expect(preview.text).toHaveLength(1000);
    expect(preview.text).not.toMatch(/lena@|@example/);
  });

  it('keeps text that escapes to many bytes within the NOTIFY budget', () => {
    for (const text of ['\u0001'.repeat(2000), '語'.repeat(2000), '"\\'.repeat(1000)]) {
      const preview = memberPreview(text);
      expect(jsonBytes(preview.text)).toBeLessThanOrEqual(3000);
      expect(preview.partial).toBe(true);
      expect(preview.text.length).toBeGreaterThan(400);
    }
  });

  it('never leaves half of an emoji at the cut', () => {
    const preview = memberPreview(`a${'😀'.repeat(1000)}`);
    expect(preview.partial).toBe(true);
    expect(preview.text).toBe(`a${'😀'.repeat(499)}`);
    expect(preview.text).not.toMatch(/[\uD800-\uDBFF]$/);
  });
});
