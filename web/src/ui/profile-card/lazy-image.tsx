import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { PROFILE_PLACEHOLDER_SRC } from './profile-data';

/** SPEC §9: lazy images load 200 px before they enter the view. */
export const LAZY_ROOT_MARGIN = '200px';

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  alt: string;
  /** Load at once (the first screenful, a profile's main photo). */
  eager?: boolean;
}

/**
 * An image that starts loading 200 px before it scrolls into view (IntersectionObserver, with the
 * native loading="lazy" as the fallback) and shows the placeholder when it has no URL or fails (SPEC §8).
 */
export function LazyImage({ src, alt, eager = false, className, onError, ...rest }: LazyImageProps) {
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
  return (
    <img
      ref={ref}
      {...rest}
      alt={alt}
      className={`${className ?? ''}${failed || !src ? ' is-placeholder' : ''}`.trim()}
      src={near ? usable : undefined}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      data-state={failed || !src ? 'placeholder' : near ? 'loaded' : 'waiting'}
      onError={(event) => {
        if (usable !== PROFILE_PLACEHOLDER_SRC) setFailed(true);
        onError?.(event);
      }}
    />
  );
}
