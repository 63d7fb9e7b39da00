import { describe, expect, it } from 'vitest';
import { t } from '../texts.js';
import { checkDimensions, checkFileBasics, scaledSize, sniffImageType } from './image-upload.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38]);

describe('image upload checks (docs/product.md#validation)', () => {
  it('knows jpeg and png by their bytes', () => {
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(GIF)).toBeNull();
  });
  it('refuses other types and files above 5 MB with the documented texts', () => {
    expect(t(checkFileBasics({ size: 10 }, GIF)!)).toBe('Invalid file type, jpeg or png only');
    expect(t(checkFileBasics({ size: 5 * 1024 * 1024 + 1 }, JPEG)!)).toBe('Max file size allowed is 5 mb');
    expect(checkFileBasics({ size: 5 * 1024 * 1024 }, PNG)).toBeNull();
  });
  it('needs at least 640 x 360', () => {
    expect(t(checkDimensions(639, 480)!)).toBe('Mininum dimension is 640px x 360px');
    expect(checkDimensions(640, 360)).toBeNull();
    expect(checkDimensions(360, 640)).toBeNull();
  });
  it('scales images above 3840 x 2160 down, keeping the shape', () => {
    expect(scaledSize(3840, 2160)).toBeNull();
    expect(scaledSize(7680, 4320)).toEqual({ width: 3840, height: 2160 });
    expect(scaledSize(3000, 6000)).toEqual({ width: 1920, height: 3840 });
  });
});
