import { navigateTo } from '@web/lib/navigation';

/**
 * A notification clicked while the app is open (web/public/push-sw.js) asks it to open a chat. The listener goes
 * on before anything else of the app runs: the page's service-worker messages start flowing at DOMContentLoaded,
 * and one sent while the app was still loading would otherwise be lost. Before the router is up, the navigation
 * is a page load; after, the router's (which asks for sign-in first and keeps the path).
 */
export function listenForOpenRequests(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (data?.type === 'amora:open' && typeof data.path === 'string' && data.path.startsWith('/') && !data.path.startsWith('//')) navigateTo(data.path);
  });
}
