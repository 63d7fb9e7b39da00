import { registerSW } from 'virtual:pwa-register';
import { t } from '@sync/texts';
import { toast } from '@web/ui/toast';

/** docs/product.md#constants: look for a new build every 3,600,000 ms. */
export const UPDATE_CHECK_INTERVAL = 3_600_000;

/** Registers the service worker (registerType 'prompt'): a new build waits until the member says reload. */
export function registerPwa(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info(t('shell.update-available'), {
        id: 'pwa-update',
        sticky: true,
        action: { label: t('shell.update-reload'), onClick: () => void updateServiceWorker(true) },
      });
    },
    onOfflineReady() {
      toast.success(t('shell.offline-ready'));
    },
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      setInterval(async () => {
        if (registration.installing || !navigator.onLine) return;
        // Ask the server, not the HTTP cache, whether the worker file changed.
        const response = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } }).catch(() => null);
        if (response?.status === 200) await registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL);
    },
  });
}
