import { useState } from 'react';
import { emojiImageSrc, splitEmoji } from './emoji-text';
import './emoji-image.css';

interface EmojiImageProps {
  /** The glyph: the image's alt text, so copying a message keeps the character and a screen reader reads it. */
  text: string;
  code: string;
  className?: string;
}

/**
 * One emoji as its shipped image; an emoji newer than the image set (or an image that fails to load) falls back to
 * the glyph, as a system with the font would show it.
 */
export function EmojiImage({ text, code, className = 'emoji' }: EmojiImageProps) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className={className}>{text}</span>;
  return <img className={className} src={emojiImageSrc(code)} alt={text} draggable={false} decoding="async" loading="lazy" onError={() => setBroken(true)} />;
}

/** A message's text with its emoji drawn as images (the text between them stays text). */
export function EmojiText({ text }: { text: string }) {
  const parts = splitEmoji(text);
  if (parts.every((part) => part.kind === 'text')) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) => (part.kind === 'text' ? part.text : <EmojiImage key={index} text={part.text} code={part.code} />))}
    </>
  );
}
