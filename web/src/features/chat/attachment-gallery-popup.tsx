import { useState, type KeyboardEvent } from 'react';
import { t } from '@sync/texts';
import { registerPopup, type PopupBodyProps } from '@web/ui/popups/popup-registry';
import './attachment-gallery.css';

function GalleryBody({ props }: PopupBodyProps<'attachment-gallery'>) {
  const { images } = props;
  const [index, setIndex] = useState(Math.min(Math.max(props.index ?? 0, 0), Math.max(images.length - 1, 0)));
  const current = images[index];
  const many = images.length > 1;
  const step = (by: number) => setIndex((i) => (i + by + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };
  if (!current) return null;
  return (
    <div className="gallery" onKeyDown={onKeyDown}>
      <figure className="gallery__figure">
        <img className="gallery__image" src={current.src} alt={current.alt ?? t('messages.attachment')} />
        {many && <figcaption className="gallery__position">{t('gallery.position', { index: index + 1, total: images.length })}</figcaption>}
      </figure>
      {many && (
        <div className="gallery__nav">
          <button type="button" className="button button--ghost" onClick={() => step(-1)} aria-label={t('gallery.previous')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="button button--ghost" onClick={() => step(1)} aria-label={t('gallery.next')}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}

/** docs/product.md#screens-and-routes "attachment gallery": the photos of a conversation, opened on the one clicked; arrows step through. */
export function registerAttachmentGalleryPopup(): void {
  registerPopup('attachment-gallery', { title: t('gallery.title'), Body: GalleryBody, size: 'lg' });
}
