import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { LazyImage } from '@web/ui/profile-card/lazy-image';
import { imageUrl, isBlockedImage, type CardImage } from '@web/ui/profile-card/profile-data';

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
    <section className="gallery" aria-label={`Photos of ${username}`}>
      <div className="gallery__main">
        {current && isBlockedImage(current) ? (
          <BlockedOverlay count={blockedCount} onUpgrade={onUpgrade} />
        ) : (
          <LazyImage key={current?._id ?? 'none'} src={imageUrl(current, 'large')} alt={current ? `Photo ${index + 1} of ${username}` : `${username} has no photo yet`} eager />
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
                  aria-label={blocked ? `Photo ${i + 1}, locked for VIP members` : `Show photo ${i + 1}`}
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
          {blockedCount} more {blockedCount === 1 ? 'photo is' : 'photos are'} for VIP members. <Link to="/upgrade/premium">Upgrade to see them</Link>
        </p>
      )}
    </section>
  );
}

function BlockedOverlay({ count, onUpgrade }: { count: number; onUpgrade?: (() => void) | undefined }) {
  return (
    <div className="gallery__locked" role="group" aria-label="Locked photo" data-testid="blocked-overlay">
      <span className="gallery__locked-icon" aria-hidden="true">
        <LockIcon size={40} />
      </span>
      <strong>This photo is for VIP members</strong>
      <p>
        Upgrade to see all {count + 1} photos and albums.
      </p>
      <Link to="/upgrade/premium" className="button" onClick={onUpgrade}>
        Upgrade to VIP
      </Link>
    </div>
  );
}
