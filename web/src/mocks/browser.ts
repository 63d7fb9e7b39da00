import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { socketHandlers } from './handlers/socket';
import { seedMockWorld } from './seed';

/** `npm run dev:mock`: the web app on msw handlers with no API behind it, the socket included. */
export const worker = setupWorker(...handlers, ...socketHandlers);

export async function startMockWorker() {
  await seedMockWorld();
  return worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
}
