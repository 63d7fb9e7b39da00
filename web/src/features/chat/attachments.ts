import type { Image } from '@sync/contract/entities';
import { ApiError } from '@web/lib/http';
import { getApiBaseUrl } from '@web/lib/runtime-config';
import { rpc } from '@web/lib/rpc';
import { postMultipart } from '@web/lib/upload';

/** docs/product.md#errors-and-texts: attachment errors stay on screen for 6 s. */
export const ATTACHMENT_ERROR_MS = 6000;

export type AttachmentSize = 'small' | 'medium' | 'large' | 'original';

/** A message carries only the image id; the API redirects this address to the stored file. */
export function attachmentSrc(imageId: string, size: AttachmentSize): string {
  return `${getApiBaseUrl().replace(/\/+$/, '')}/attachment/${encodeURIComponent(imageId)}/${size}`;
}

/** POST /api/user/upload with type `message`: one image, progress 0..1; answers the stored image. */
export async function uploadMessageImage(file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Image> {
  const form = new FormData();
  form.append('type', 'message');
  form.append('files', file, (file as File).name || 'photo.jpg');
  const answer = await postMultipart(rpc.user.upload, form, onProgress, signal);
  const image = answer?.images?.[0];
  if (!image) throw new ApiError(500, 'upload-failed', 'The upload answered no image');
  return image;
}

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A failed upload that never reached the server (or came back as a network error). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.code === 'network';
}
