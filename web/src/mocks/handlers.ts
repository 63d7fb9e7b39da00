import { authHandlers } from './handlers/auth';
import { brandHandlers } from './handlers/brand';
import { messagingHandlers } from './handlers/messaging';
import { moderationHandlers } from './handlers/moderation';
import { paymentHandlers } from './handlers/payments';
import { profileHandlers } from './handlers/profiles';
import { supportHandlers } from './handlers/support';

/** Every domain's handlers; later issues append theirs here. */
// profileHandlers go first: their GET /user/:id adds the member's likes, favourites and edits, and falls through otherwise.
export const handlers = [...profileHandlers, ...authHandlers, ...brandHandlers, ...supportHandlers, ...moderationHandlers, ...messagingHandlers, ...paymentHandlers];
