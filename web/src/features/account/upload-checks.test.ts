import { describe, expect, it } from 'vitest';
import { maxFilesFor } from './upload-checks';

describe('album upload sizes (docs/product.md#validation)', () => {
  it('takes one avatar and up to five photos', () => {
    expect(maxFilesFor('avatar')).toBe(1);
    expect(maxFilesFor('photo')).toBe(5);
  });
});
