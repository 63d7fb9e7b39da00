import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import { socketHandlers } from './handlers/socket';
import { installPageClock } from './clock';
import { keepMockWorld, restoreMockWorld } from './mock-persistence';
import { seedMockWorld } from './seed';

/** `npm run dev:mock`: the web app on msw handlers with no API behind it, the socket included. */
export const worker = setupWorker(...handlers, ...socketHandlers);

export async function startMockWorker() {
  // A reload finds the world where the tester left it; a new tab starts from the seed.
  if (!(await restoreMockWorld())) await seedMockWorld();
  // Before the app starts: its token check and countdowns read the clock the tester may have moved.
  installPageClock();
  keepMockWorld();
  return worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
}
