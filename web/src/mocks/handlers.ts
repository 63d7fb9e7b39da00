import { agentHandlers } from './handlers/agents';
import { authHandlers } from './handlers/auth';
import { brandHandlers } from './handlers/brand';
import { networkHandlers } from './network';
import { messagingHandlers } from './handlers/messaging';
import { moderationHandlers } from './handlers/moderation';
import { paymentHandlers } from './handlers/payments';
import { profileHandlers } from './handlers/profiles';
import { snippetHandlers } from './handlers/snippets';
import { safetyHandlers } from './handlers/safety';
import { supportHandlers } from './handlers/support';

/** Every domain's handlers; later issues append theirs here. */
// networkHandlers go first of all: they slow or fail any call as the tester asked, then hand it on.
// profileHandlers go first: their GET /user/:id adds the member's likes, favourites and edits, and falls through otherwise.
// agentHandlers before messagingHandlers: staff calls to /conversation(s) answer here, member calls fall through.
export const handlers = [...networkHandlers, ...agentHandlers, ...snippetHandlers, ...profileHandlers, ...authHandlers, ...brandHandlers, ...supportHandlers, ...moderationHandlers, ...safetyHandlers, ...messagingHandlers, ...paymentHandlers];
