import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANTS, generatedBaseKey, generatedVariantKey, parseGeneratedKey, renderPortrait, webpTwinUrl } from './generated-image.js';
import { personSvg, type PortraitSpec } from './portrait-svg.js';
import { isValidStorageKey } from '../../providers/storage/storage.js';

const spec: PortraitSpec = { gender: 'woman', ethnicity: 'middle-eastern', hairColor: 'red', eyeColor: 'hazel', bodyType: 'curvy', age: 29, scene: 'city', seed: 0xdeadbeef };

describe('generated portrait keys', () => {
  it('spell out the spec and parse back to it', () => {
    const key = generatedVariantKey(spec, 'medium');
    expect(key).toBe('gen/woman.middle-eastern.red.hazel.curvy.29.city.deadbeef/medium.jpg');
    expect(isValidStorageKey(key)).toBe(true);
    expect(parseGeneratedKey(key)).toEqual({ spec, variant: 'medium', format: 'jpg', baseKey: generatedBaseKey(spec) });
    const webp = generatedVariantKey(spec, 'small', 'webp');
    expect(webp).toBe('gen/woman.middle-eastern.red.hazel.curvy.29.city.deadbeef/small.webp');
    expect(isValidStorageKey(webp)).toBe(true);
    expect(parseGeneratedKey(webp)).toEqual({ spec, variant: 'small', format: 'webp', baseKey: generatedBaseKey(spec) });
  });

  it('give the WebP twin of a generated JPEG address, and none for other pictures', () => {
    expect(webpTwinUrl(`/api/media/${generatedVariantKey(spec, 'medium')}`)).toBe(`/api/media/${generatedVariantKey(spec, 'medium', 'webp')}`);
    expect(webpTwinUrl('/api/media/uploads/abc/medium.jpg')).toBeUndefined();
    expect(webpTwinUrl(`/api/media/${generatedVariantKey(spec, 'medium', 'webp')}`)).toBeUndefined();
  });

  it.each([
    'gen/woman.martian.red.hazel.curvy.29.city.deadbeef/medium.jpg',
    'gen/woman.white.red.hazel.curvy.17.city.deadbeef/medium.jpg',
    'gen/woman.white.red.hazel.curvy.29.city.deadbeef/huge.jpg',
    'gen/woman.white.red.hazel.curvy.29.city.deadbee/medium.jpg',
    'gen/woman.white.red.hazel.curvy.29.city.deadbeef/medium.png',
    'x/gen/woman.white.red.hazel.curvy.29.city.deadbeef/medium.jpg',
  ])('refuses %s', (key) => {
    expect(parseGeneratedKey(key)).toBeNull();
  });
});

describe('renderPortrait', () => {
  it('draws each size once as a JPEG and a smaller WebP of that size', async () => {
    for (const variant of ['small', 'medium'] as const) {
      const drawn = await renderPortrait(spec, variant);
      const jpeg = await sharp(drawn.jpg).metadata();
      expect(jpeg.format).toBe('jpeg');
      expect({ width: jpeg.width, height: jpeg.height }).toEqual(IMAGE_VARIANTS[variant]);
      const webp = await sharp(drawn.webp).metadata();
      expect(webp.format).toBe('webp');
      expect({ width: webp.width, height: webp.height }).toEqual(IMAGE_VARIANTS[variant]);
      expect(drawn.webp.length).toBeLessThan(drawn.jpg.length);
    }
  });

  it('draws the same picture for the same spec and another for another seed', () => {
    expect(personSvg(spec, 200, 250)).toBe(personSvg(spec, 200, 250));
    expect(personSvg({ ...spec, seed: 1 }, 200, 250)).not.toBe(personSvg(spec, 200, 250));
  });

  it('uses the eye colour asked for', () => {
    expect(personSvg({ ...spec, eyeColor: 'blue' }, 200, 250)).toContain('#4a84c4');
    expect(personSvg({ ...spec, eyeColor: 'green' }, 200, 250)).toContain('#4f8d52');
  });
});
