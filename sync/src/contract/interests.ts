import { z } from 'zod';
import { text } from './text.js';

/**
 * PATCH /user/{id} with `{ favourite }` adds a favourite, `{ favourite, remove: true }` takes it back
 * (docs/api.md#endpoints). The path also edits the account: a body naming `favourite` is this one.
 */
export const favouriteBody = z
  .object({
    favourite: text({ error: 'favourite must be a profile id' }).min(1, 'favourite must be a profile id').max(100),
    remove: z.boolean({ error: 'remove must be true or false' }).optional(),
  })
  .strict();
export type FavouriteBody = z.infer<typeof favouriteBody>;

/** Whether a PATCH /user/{id} body is a favourite rather than an account edit. */
export function isFavouriteBody(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'favourite' in raw;
}

/** POST /profile/{id}/view-member and /favourite-member: staff acting for a fictive profile on a member. */
export const staffMemberBody = z.object({
  userId: text({ error: 'userId is required' }).min(1, 'userId is required').max(100),
  remove: z.boolean().optional(),
});
