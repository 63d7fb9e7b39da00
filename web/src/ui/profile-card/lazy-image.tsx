import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { PROFILE_PLACEHOLDER_SRC } from './profile-data';

/** docs/product.md#constants: lazy images load 200 px before they enter the view. */
export const LAZY_ROOT_MARGIN = '200px';

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** Load at once (the first screenful, a profile's main photo). */
  eager?: boolean;
  /** WebP `srcset`, offered ahead of the JPEG `srcSet` in a <picture>. */
  webpSrcSet?: string | undefined;
}

/**
 * An image that starts loading 200 px before it scrolls into view (IntersectionObserver, with the
 * native loading="lazy" as the fallback) and shows the placeholder when it has no URL or fails (docs/product.md#errors-and-texts).
 */
export function LazyImage({ src, alt, eager = false, className, onError, srcSet, webpSrcSet, sizes, ...rest }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [near, setNear] = useState(eager || typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => setFailed(false), [src]);

  const usable = src && !failed ? src : PROFILE_PLACEHOLDER_SRC;
  const sized = near && src && !failed;
  const img = (
    <img
      ref={ref}
      {...rest}
      alt={alt}
      className={`${className ?? ''}${failed || !src ? ' is-placeholder' : ''}`.trim()}
      src={near ? usable : undefined}
      srcSet={sized ? srcSet : undefined}
      sizes={sized && srcSet ? sizes : undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-state={failed || !src ? 'placeholder' : near ? 'loaded' : 'waiting'}
      onError={(event) => {
        if (usable !== PROFILE_PLACEHOLDER_SRC) setFailed(true);
        onError?.(event);
      }}
    />
  );
  if (!webpSrcSet) return img;
  return (
    <picture className="lazy-picture">
      {sized && <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />}
      {img}
    </picture>
  );
}
