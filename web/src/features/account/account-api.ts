import type { Image } from '@sync/contract/entities';
import type { UserPatchBody } from '@sync/contract/profile-edit';
import { api, authBridge } from '@web/lib/api';
import { ApiError, toApiError } from '@web/lib/http';
import { getApiBaseUrl } from '@web/lib/runtime-config';
import type { User } from '@web/lib/user-store';
import type { UploadKind } from './upload-checks';

/** PATCH /api/user/{id} answers the user state plus what the save set off. */
export type SavedUser = User & { profileCompleted?: boolean; emailVerificationSent?: boolean; pendingEmail?: string; access_token?: string };

/** PATCH /api/user/{id} with the edit body (sync/contract/profile-edit userPatchBody, plus the API's extras). */
export function saveProfile(userId: string, body: UserPatchBody & Record<string, unknown>): Promise<SavedUser | undefined> {
  return api.patch<SavedUser | undefined>(`/user/${encodeURIComponent(userId)}`, body, { loader: true });
}

/** DELETE /api/user/{id}/image/{imageId}. */
export function deleteImage(userId: string, imageId: string): Promise<{ images?: Image[] } | undefined> {
  return api.delete<{ images?: Image[] } | undefined>(`/user/${encodeURIComponent(userId)}/image/${encodeURIComponent(imageId)}`);
}

export interface LocationLists {
  by_city: { city: string; state: string }[];
  by_zip: { zip: string; state: string; city?: string }[];
}

/** GET /api/json/{country}.json (SPEC §7), optionally narrowed by zipCode. */
export function fetchLocations(country: string, zipCode?: string, signal?: AbortSignal): Promise<LocationLists> {
  return api.get<LocationLists>(`/json/${encodeURIComponent(country.toUpperCase())}.json`, {
    ...(zipCode ? { query: { zipCode } } : {}),
    auth: false,
    ...(signal ? { signal } : {}),
  });
}

/**
 * POST /api/user/upload as multipart (type + files) through XMLHttpRequest, because fetch cannot
 * report upload progress. `onProgress` gets 0..1. Resolves with the member's whole gallery.
 */
export function uploadImages(kind: UploadKind, files: readonly Blob[], onProgress: (fraction: number) => void): Promise<Image[]> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('type', kind);
    files.forEach((file, index) => form.append('files', file, (file as File).name ?? `image-${index + 1}.jpg`));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${getApiBaseUrl().replace(/\/+$/, '')}/user/upload`);
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
        // The API answers { images: the new ones, gallery: the whole own gallery }.
        const answer = body as { images?: Image[]; gallery?: Image[] } | undefined;
        resolve(answer?.gallery ?? answer?.images ?? []);
      } else {
        reject(toApiError(xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.send(form);
  });
}
