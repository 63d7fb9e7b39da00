import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** msw for vitest (web/src/test/setup.ts starts it); tests add one-off handlers with server.use(). */
export const server = setupServer(...handlers);
