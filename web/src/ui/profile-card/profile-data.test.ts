import { describe, expect, it } from 'vitest';
import { imageSources, type CardImage } from './profile-data';

const generated: CardImage = {
  _id: 'i1',
  type: 'avatar',
  processed: true,
  under_moderation: false,
  small: '/api/media/gen/a/small.jpg',
  medium: '/api/media/gen/a/medium.jpg',
  large: '/api/media/gen/a/large.jpg',
  webp: { small: '/api/media/gen/a/small.webp', medium: '/api/media/gen/a/medium.webp', large: '/api/media/gen/a/large.webp' },
};

describe('imageSources', () => {
  it('lists the sizes up to the one asked for by width, JPEG and WebP apart', () => {
    expect(imageSources(generated, 'medium')).toEqual({
      srcSet: '/api/media/gen/a/small.jpg 200w, /api/media/gen/a/medium.jpg 480w',
      webpSrcSet: '/api/media/gen/a/small.webp 200w, /api/media/gen/a/medium.webp 480w',
    });
    expect(imageSources(generated, 'large').srcSet).toContain('large.jpg 960w');
  });

  it('offers no WebP for a picture without twins, and nothing for a blocked one', () => {
    const upload: CardImage = { ...generated, webp: undefined };
    expect(imageSources(upload, 'medium')).toEqual({ srcSet: '/api/media/gen/a/small.jpg 200w, /api/media/gen/a/medium.jpg 480w' });
    expect(imageSources({ _id: 'b', type: 'photo', blocked: true })).toEqual({});
    expect(imageSources(undefined)).toEqual({});
  });
});
