/**
 * PATCH /api/user/{id} (docs/api.md#endpoints) carries two bodies on one path: a favourite (`{ favourite, remove? }`,
 * answered `{ favorite }`) and an edit of the account (answered with the user state). The server tells them
 * apart by the same rule (`isFavouriteBody`, sync/contract/interests), so each body type is given its own answer.
 */
import type { FavouriteBody } from '@sync/contract/interests';
import type { FetchOptions } from './http';
import { call, pathParams, rpc, via, type Answer } from './rpc';

type UserPatch = Parameters<(typeof rpc.user)[':id']['$patch']>[0]['json'];
type PatchAnswer = Answer<Awaited<ReturnType<(typeof rpc.user)[':id']['$patch']>>>;

/** What an account edit answers: the user state plus what the save set off. */
export type AccountEditAnswer = Exclude<PatchAnswer, { favorite: boolean }>;
/** An account edit: any body of the path that names no favourite. */
export type AccountEdit = Exclude<UserPatch, FavouriteBody>;

export function patchUser(userId: string, body: FavouriteBody, options?: FetchOptions): Promise<{ favorite: boolean }>;
export function patchUser(userId: string, body: AccountEdit, options?: FetchOptions): Promise<AccountEditAnswer>;
export function patchUser(userId: string, body: UserPatch, options: FetchOptions = {}): Promise<PatchAnswer> {
  return call(rpc.user[':id'].$patch({ param: pathParams({ id: userId }), json: body }, via(options)));
}
