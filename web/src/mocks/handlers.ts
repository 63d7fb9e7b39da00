import { authHandlers } from './handlers/auth';
import { brandHandlers } from './handlers/brand';
import { supportHandlers } from './handlers/support';

/** Every domain's handlers; later issues append theirs here. */
export const handlers = [...authHandlers, ...brandHandlers, ...supportHandlers];
