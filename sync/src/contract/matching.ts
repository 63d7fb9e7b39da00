/** Swipes (docs/api.md#endpoints): POST /match/swipe and POST /match/undo. */
import { z } from 'zod';
import { text } from './text.js';

/** docs/product.md#data swipe payload. */
export const swipeBody = z.object({
  toUserId: text({ error: 'toUserId is required' }).min(1, 'toUserId is required').max(100),
  actionType: z.enum(['like', 'dislike'], { error: "actionType must be 'like' or 'dislike'" }),
});

/** Optional body of POST /api/match/undo: without toUserId the most recent live swipe is undone. */
export const undoBody = z.object({ toUserId: text().min(1).max(100).optional() });
