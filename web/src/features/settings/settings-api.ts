import type { UserPatchBody } from '@sync/contract/profile-edit';
import type { Locale } from '@sync/texts';
import { call, pathParams, rpc, via } from '@web/lib/rpc';
import { patchUser } from '@web/lib/user-patch-api';
import type { User } from '@web/lib/user-store';

/** The part of PATCH /api/user/{id} the settings screen writes; `measurement` is the API's addition to the documented fields. */
export type SettingsPatch = Pick<UserPatchBody, 'notifyByEmail' | 'showOnline' | 'keepLocationPrivate'> & {
  measurement?: 'metric' | 'imperial';
  timeFormat?: '12h' | '24h';
  /** Optional, beyond docs/api.md: the member's language (docs/decisions/0045). */
  language?: Locale;
};

/** PATCH /api/user/{id}: answers the whole user state (users/routes.ts). No page loader: the button shows progress. */
export function saveSettings(userId: string, body: SettingsPatch): Promise<User | undefined> {
  return patchUser(userId, body, { loader: false });
}

/** GET /api/user/{id}/export: the member's data as JSON (account, conversations with messages, orders). */
export function fetchDataExport(userId: string): Promise<unknown> {
  return call(rpc.user[':id'].export.$get({ param: pathParams({ id: userId }) }, via({ loader: false })));
}

/** Hands the export to the browser as a file download. */
export function downloadJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
