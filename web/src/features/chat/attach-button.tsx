import { useEffect, useRef, useState } from 'react';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { prepareImage } from '@web/lib/prepare-image';
import { ATTACHMENT_ERROR_MS, isNetworkFailure, isOffline, uploadMessageImage } from './attachments';

export interface PendingPhoto {
  file: Blob;
  /** An object URL of the prepared file, for the preview. */
  previewUrl: string;
}

/**
 * One photo at a time, chosen first and sent with Send: choosing checks it on the device (docs/product.md#validation; the server
 * checks again) and shows a preview with a remove button, nothing is uploaded or charged. Send uploads it with
 * progress and sends it with the typed text as one message. The upload needs the network, unlike text: offline,
 * it says so and keeps the photo and the text. Errors stay for 6 s (docs/product.md#errors-and-texts).
 */
export function useAttachment({ canSend }: { canSend: () => boolean }) {
  const [pending, setPending] = useState<PendingPhoto | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ATTACHMENT_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  // The preview's object URL lives as long as the photo is chosen.
  useEffect(() => (pending ? () => URL.revokeObjectURL(pending.previewUrl) : undefined), [pending]);

  /** `openPicker` shows the file dialog, once credits allow (no point choosing what cannot be sent). */
  const choose = (openPicker: () => void) => {
    setError(null);
    if (!canSend()) return;
    openPicker();
  };

  const pick = async (file: File) => {
    const prepared = await prepareImage(file);
    if (!prepared.ok) return setError(prepared.error);
    setError(null);
    setPending({ file: prepared.file, previewUrl: URL.createObjectURL(prepared.file) });
  };

  const remove = () => setPending(null);

  /** Uploads the chosen photo: its image id, or null when it could not go (the error says why, the photo stays). */
  const upload = async (): Promise<string | null> => {
    if (!pending) return null;
    if (isOffline()) {
      setError(t('chat.attach-offline'));
      return null;
    }
    setProgress(0);
    try {
      return (await uploadMessageImage(pending.file, setProgress))._id;
    } catch (err) {
      if (isNetworkFailure(err) || isOffline()) setError(t('chat.attach-offline'));
      else setError(err instanceof ApiError && err.status < 500 && err.message ? err.message : t('image-uploader.failed'));
      return null;
    } finally {
      setProgress(null);
    }
  };

  return { pending, choose, pick, remove, upload, progress, error };
}

export type Attachment = ReturnType<typeof useAttachment>;

export function AttachButton({ attachment }: { attachment: Attachment }) {
  const input = useRef<HTMLInputElement>(null);
  const busy = attachment.progress !== null;
  return (
    <>
      <button
        type="button"
        className="icon-button composer__attach"
        aria-label={t('chat.attach')}
        title={t('chat.attach')}
        onClick={() => attachment.choose(() => input.current?.click())}
        disabled={busy}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
          <circle cx="8.5" cy="10" r="1.75" fill="currentColor" />
          <path d="M4 17l5-5 4 4 3-3 4 4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinejoin="round" />
        </svg>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="attach-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void attachment.pick(file);
        }}
      />
    </>
  );
}

/** The chosen photo before Send, with its remove button. */
export function PhotoPreview({ attachment }: { attachment: Attachment }) {
  const { pending } = attachment;
  if (!pending) return null;
  return (
    <div className="composer__preview">
      <img src={pending.previewUrl} alt={t('chat.photo-preview')} />
      <button type="button" className="icon-button composer__preview-remove" aria-label={t('chat.photo-remove')} onClick={attachment.remove} disabled={attachment.progress !== null}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Upload progress and attachment errors, under the text box. */
export function AttachmentState({ attachment }: { attachment: Attachment }) {
  const { progress, error } = attachment;
  if (progress === null && !error) return null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="composer__attachment-state">
      {progress !== null && (
        <div className="composer__upload" role="status">
          <span>{t('chat.uploading', { percent })}</span>
          <progress max={100} value={percent} aria-label={t('chat.attach')} />
        </div>
      )}
      {error && (
        <p className="composer__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
