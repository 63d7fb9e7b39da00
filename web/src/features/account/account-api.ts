import type { Image } from '@sync/contract/entities';
import type { UserPatchBody } from '@sync/contract/profile-edit';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { patchUser } from '@web/lib/user-patch-api';
import { postMultipart } from '@web/lib/upload';
import type { User } from '@web/lib/user-store';
import type { UploadKind } from './upload-checks';

/** PATCH /api/user/{id} answers the user state plus what the save set off. */
export type SavedUser = User & { profileCompleted?: boolean; emailVerificationSent?: boolean; pendingEmail?: string; access_token?: string };

/** PATCH /api/user/{id} with the edit body (sync/contract/profile-edit userPatchBody, plus the API's extras). */
export function saveProfile(userId: string, body: UserPatchBody & Record<string, unknown>): Promise<SavedUser | undefined> {
  return patchUser(userId, body, { loader: true });
}

/** DELETE /api/user/{id}/image/{imageId}. */
export function deleteImage(userId: string, imageId: string): Promise<{ images?: Image[] } | undefined> {
  return call(rpc.user[':id'].image[':imageId'].$delete({ param: pathParams({ id: userId, imageId }) }));
}

export interface LocationLists {
  by_city: { city: string; state: string }[];
  by_zip: { zip: string; state: string; city?: string }[];
}

/** GET /api/json/{country}.json (docs/api.md#endpoints), optionally narrowed by zipCode. */
export function fetchLocations(country: string, zipCode?: string, signal?: AbortSignal): Promise<LocationLists> {
  const file = `${country.toUpperCase()}.json`;
  return call(rpc.json[':file'].$get({ param: pathParams({ file }), query: { zipCode } }, via({ auth: false, ...(signal ? { signal } : {}) })));
}

/** POST /api/user/upload as multipart (type + files) with progress 0..1. Resolves with the member's whole gallery. */
export async function uploadImages(kind: UploadKind, files: readonly Blob[], onProgress: (fraction: number) => void): Promise<Image[]> {
  const form = new FormData();
  form.append('type', kind);
  files.forEach((file, index) => form.append('files', file, (file as File).name ?? `image-${index + 1}.jpg`));
  // The API answers { images: the new ones, gallery: the whole own gallery }.
  const answer = await postMultipart(rpc.user.upload, form, onProgress);
  // A mock or an older server may answer only the new images (or nothing).
  return answer?.gallery ?? answer?.images ?? [];
}
