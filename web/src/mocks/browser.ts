import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** `npm run dev:mock`: the web app on msw handlers with no API behind it. */
export const worker = setupWorker(...handlers);

export function startMockWorker() {
  return worker.start({ onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } });
}
