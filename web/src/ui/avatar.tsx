import { useState } from 'react';
import { PROFILE_PLACEHOLDER_SRC } from './profile-card/profile-data';
import './avatar.css';

/** A round profile photo; a broken or missing image falls back to the placeholder (docs/product.md#errors-and-texts). */
export function Avatar({ src, name, size = 48 }: { src: string | null | undefined; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className="avatar"
      src={!src || broken ? PROFILE_PLACEHOLDER_SRC : src}
      alt={name}
      width={size}
      height={size}
      style={{ width: size, height: size }}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}
