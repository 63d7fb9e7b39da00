import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { t } from '@sync/texts';
import './app.css';
import { registerPwa } from './app/pwa';
import { registerAppPopups } from './app/register-popups';
import { createAppRouter } from './app/router';
import { getAuth, startAuthSession } from './lib/auth-session';
import { BrandProvider, type BrandSetup } from './lib/brand-context';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { startLanguage, useLanguage } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { popupsReady } from './ui/popups/popup-registry';
import { loadBrandSetup } from './lib/runtime-config';
import { toast } from './ui/toast';

/** The screens, drawn again in the member's language when it changes in the settings. */
function Screens({ router }: { router: AnyRouter }) {
  const language = useLanguage();
  return <RouterProvider key={language} router={router} />;
}

async function start() {
  installChunkReloadGuard();
  if (__MOCK_API__) {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
    const { mountTesterPanel } = await import('./mocks/tester-panel');
    mountTesterPanel();
  }
  // SPEC §2: on start the app initialises authentication and loads brand information.
  startAuthSession();
  // A signed-in member's device syncs while the brand and the user load: the inbox does not wait for them.
  const auth = getAuth();
  if (auth.isAuthenticated && auth.kind === 'user') void import('./sync/sync-runtime').then(({ startMemberSyncAtBoot }) => startMemberSyncAtBoot());
  let setup: BrandSetup = { config: null, brand: null };
  let brandFailed = false;
  try {
    setup = await loadBrandSetup();
  } catch (error) {
    brandFailed = true;
    console.error('brand setup failed', error);
  }
  await startLanguage(setup.config?.country);
  registerAppPopups();
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate({ to, replace: options?.replace ?? false }));

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const reactRoot = createRoot(root);
  const render = (value: BrandSetup) =>
    reactRoot.render(
      <StrictMode>
        <BrandProvider value={value}>
          <Screens router={router} />
        </BrandProvider>
      </StrictMode>,
    );
  render(setup);
  // A signed-in member will meet popups (and their code brings what the member's screens share): fetch it
  // after first paint. A visitor of the landing page fetches it only when a popup opens.
  if (getAuth().isAuthenticated) {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
    idle(() => void popupsReady());
  }
  if (brandFailed && !navigator.onLine) {
    // Opened offline from the service worker's cache: the app works from the device; the settings come when the network does.
    window.addEventListener(
      'online',
      () =>
        void loadBrandSetup().then(render, (error: unknown) => {
          console.error('brand setup failed', error);
          toast.error(t('shell.brand-failed'), { sticky: true });
        }),
      { once: true },
    );
  } else if (brandFailed) toast.error(t('shell.brand-failed'), { sticky: true });
  if (!__MOCK_API__) registerPwa();
}

void start();
