import type { ClientResponse } from 'hono/client';
import { authBridge } from './api';
import { ApiError, toApiError } from './http';
import type { Answer } from './rpc';
import { getApiBaseUrl } from './runtime-config';

/**
 * A multipart route of the typed client (`rpc.user.upload`): its path and its answer come from AppType, so a
 * route renamed or answering otherwise fails the typecheck. Its input is not read (the form goes as built), hence
 * `never`: any route's $post fits.
 */
interface UploadRoute {
  $path(): string;
  $post(...args: never[]): Promise<ClientResponse<unknown>>;
}

/**
 * POST a multipart form to a route of the typed client through XMLHttpRequest, because fetch cannot report
 * upload progress. `onProgress` gets 0..1; a network failure rejects with ApiError status 0 code `network`.
 */
export function postMultipart<R extends UploadRoute>(
  route: R,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Answer<Awaited<ReturnType<R['$post']>>>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getApiBaseUrl().replace(/\/+$/, '')}${route.$path()}`);
    const token = authBridge.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as Answer<Awaited<ReturnType<R['$post']>>>);
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
