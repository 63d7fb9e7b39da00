import { useRef, useState, type ChangeEvent } from 'react';
import type { Image } from '@sync/contract/entities';
import { addTexts, t } from '@sync/texts';
import { enMember } from '@sync/locales/en-member';
import { userStore } from '@web/lib/user-store';
import { LazyImage } from '@web/ui/profile-card/lazy-image';
import { toast } from '@web/ui/toast';
import { deleteImage, uploadImages } from './account-api';
import { prepareImage } from '@web/lib/prepare-image';
import { maxFilesFor, type UploadKind } from './upload-checks';

addTexts(enMember);

function urlOf(image: Image): string | null {
  return image.medium ?? image.small ?? image.large ?? image.original ?? null;
}

export interface ImageManagerProps {
  userId: string;
  images: Image[];
  /** After an upload or delete, with the member's images as the API answered them. */
  onImagesChange?: (images: Image[]) => void;
  prepare?: typeof prepareImage;
}

/**
 * The member's avatar and album: upload with progress (docs/product.md#validation checks first), delete, and the
 * pending-approval label on images still under moderation (docs/product.md#verification).
 */
export function ImageManager({ userId, images, onImagesChange, prepare = prepareImage }: ImageManagerProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const avatarInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const changed = (next: Image[]) => {
    userStore.update({ images: next });
    onImagesChange?.(next);
  };

  const pick = async (kind: UploadKind, event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const max = maxFilesFor(kind);
    const problems: string[] = [];
    if (chosen.length > max) problems.push(t('image-uploader.too-many-files', { max }));
    const ready: Blob[] = [];
    for (const file of chosen.slice(0, max)) {
      const result = await prepare(file);
      if (result.ok) ready.push(result.file);
      else problems.push(`${file.name}: ${result.error}`);
    }
    setErrors(problems);
    if (ready.length === 0) return;
    setProgress(0);
    try {
      changed(await uploadImages(kind, ready, setProgress));
    } catch {
      toast.error(t('image-uploader.failed'));
    } finally {
      setProgress(null);
    }
  };

  const remove = async (image: Image) => {
    try {
      const answer = await deleteImage(userId, image._id);
      changed(answer?.images ?? images.filter((item) => item._id !== image._id));
    } catch {
      toast.error(t('profile-edit.delete-error'));
    }
  };

  const busy = progress !== null;
  return (
    <section className="image-manager" aria-labelledby="image-manager-title">
      <h2 id="image-manager-title">{t('member.account.photos')}</h2>
      {images.length === 0 ? (
        <p className="muted">{t('member.account.photos-empty')}</p>
      ) : (
        <ul className="image-grid">
          {images.map((image) => (
            <li key={image._id} className="image-tile">
              <LazyImage src={urlOf(image)} alt={image.type === 'avatar' ? t('member.account.your-profile-photo') : t('member.account.your-photo')} />
              {image.type === 'avatar' && <span className="image-tile__tag">{t('member.account.profile-photo')}</span>}
              {image.under_moderation && <span className="image-tile__pending">{t('profile-edit.pending-approval')}</span>}
              <button type="button" className="image-tile__delete" onClick={() => void remove(image)} aria-label={image.type === 'avatar' ? t('member.account.delete-profile-photo') : t('member.account.delete-photo')} disabled={busy}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="image-manager__actions">
        <button type="button" className="button button--ghost" onClick={() => avatarInput.current?.click()} disabled={busy}>
          {images.some((image) => image.type === 'avatar') ? t('member.account.change-profile-photo') : t('member.account.add-profile-photo')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => photoInput.current?.click()} disabled={busy}>
          {t('member.account.add-photos')}
        </button>
        <input ref={avatarInput} type="file" accept="image/jpeg,image/png" hidden aria-label={t('member.account.choose-profile-photo')} onChange={(event) => void pick('avatar', event)} />
        <input ref={photoInput} type="file" accept="image/jpeg,image/png" multiple hidden aria-label={t('member.account.choose-photos')} onChange={(event) => void pick('photo', event)} />
      </div>
      <p className="form-field__hint">{t('member.account.photo-rules')}</p>
      {busy && (
        <div className="upload-progress">
          <label htmlFor="upload-progress">{t('member.account.uploading', { percent: Math.round((progress ?? 0) * 100) })}</label>
          <progress id="upload-progress" max={100} value={Math.round((progress ?? 0) * 100)} />
        </div>
      )}
      {errors.length > 0 && (
        <ul className="image-manager__errors" role="alert">
          {errors.map((error) => (
            <li key={error} className="form-field__error">
              {error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
