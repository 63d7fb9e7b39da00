import { useEffect, useRef, useState } from 'react';
import { t } from '@sync/texts';
import { ApiError } from '@web/lib/http';
import { prepareImage } from '@web/lib/prepare-image';
import { ATTACHMENT_ERROR_MS, isNetworkFailure, isOffline, uploadMessageImage } from './attachments';

export interface AttachButtonProps {
  /** False opens whatever explains why not (the no-credits popup) and stops before choosing a file. */
  canSend: () => boolean;
  /** The image is stored: send it. Answers whether the message went into the outbox. */
  onUploaded: (imageId: string) => Promise<boolean>;
}

/**
 * One photo at a time (SPEC §5 checks on the device first, the server checks again), uploaded with progress,
 * then sent as an attachment message. The upload needs the network, unlike text: offline, it says so and
 * leaves the text box alone. Errors stay for 6 s (SPEC §8).
 */
export function useAttachment({ canSend, onUploaded }: AttachButtonProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ATTACHMENT_ERROR_MS);
    return () => clearTimeout(timer);
  }, [error]);

  /** `openPicker` shows the file dialog, once credits and the network allow. */
  const choose = (openPicker: () => void) => {
    setError(null);
    if (!canSend()) return;
    if (isOffline()) return setError(t('chat.attach-offline'));
    openPicker();
  };

  const upload = async (file: File) => {
    const prepared = await prepareImage(file);
    if (!prepared.ok) return setError(prepared.error);
    if (isOffline()) return setError(t('chat.attach-offline'));
    setProgress(0);
    try {
      const image = await uploadMessageImage(prepared.file, setProgress);
      await onUploaded(image._id);
    } catch (err) {
      if (isNetworkFailure(err) || isOffline()) setError(t('chat.attach-offline'));
      else setError(err instanceof ApiError && err.status < 500 && err.message ? err.message : t('image-uploader.failed'));
    } finally {
      setProgress(null);
    }
  };

  return { choose, upload, progress, error };
}

type Attachment = ReturnType<typeof useAttachment>;

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
          if (file) void attachment.upload(file);
        }}
      />
    </>
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
