import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { RichText } from '@web/ui/rich-text';
import { LazyImage } from '@web/ui/profile-card/lazy-image';
import { imageUrl, isBlockedImage, type CardImage } from '@web/ui/profile-card/profile-data';

addTexts(enMember);

export interface PhotoGalleryProps {
  username: string;
  images: CardImage[];
  onUpgrade?: () => void;
}

function LockIcon({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

/**
 * A profile's photos: one large, the rest as thumbnails. Photos the API sent as blocked (standard
 * members, docs/product.md#verification, docs/product.md#roles) show the blocked-photo overlay with an upgrade prompt instead of the picture.
 */
export function PhotoGallery({ username, images, onUpgrade }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  const blockedCount = images.filter(isBlockedImage).length;
  return (
    <section className="gallery" aria-label={t('member.profiles.photos-of', { username })}>
      <div className="gallery__main">
        {current && isBlockedImage(current) ? (
          <BlockedOverlay count={blockedCount} onUpgrade={onUpgrade} />
        ) : (
          <LazyImage key={current?._id ?? 'none'} src={imageUrl(current, 'large')} alt={current ? t('member.profiles.photo-of', { number: index + 1, username }) : t('member.profiles.no-photo', { username })} eager />
        )}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((image, i) => {
            const blocked = isBlockedImage(image);
            return (
              <li key={image._id}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-current={i === index}
                  aria-label={blocked ? t('member.profiles.photo-locked', { number: i + 1 }) : t('member.profiles.show-photo', { number: i + 1 })}
                  onClick={() => setIndex(i)}
                >
                  {blocked ? (
                    <span className="gallery__locked" aria-hidden="true" data-testid="blocked-thumb">
                      <LockIcon size={20} />
                    </span>
                  ) : (
                    <LazyImage src={imageUrl(image, 'small')} alt="" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {blockedCount > 0 && current && !isBlockedImage(current) && (
        <p className="muted gallery__hint">
          <RichText id="member.profiles.more-photos" values={{ count: blockedCount }} components={{ 0: <Link to="/upgrade/premium" /> }} />
        </p>
      )}
    </section>
  );
}

function BlockedOverlay({ count, onUpgrade }: { count: number; onUpgrade?: (() => void) | undefined }) {
  return (
    <div className="gallery__locked" role="group" aria-label={t('member.profiles.locked-photo')} data-testid="blocked-overlay">
      <span className="gallery__locked-icon" aria-hidden="true">
        <LockIcon size={40} />
      </span>
      <strong>{t('member.profiles.photo-for-vip')}</strong>
      <p>
        {t('member.profiles.upgrade-to-see-all', { count: count + 1 })}
      </p>
      <Link to="/upgrade/premium" className="button" onClick={onUpgrade}>
        {t('member.profiles.upgrade-to-vip')}
      </Link>
    </div>
  );
}
