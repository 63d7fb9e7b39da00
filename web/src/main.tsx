import './lib/effect-timing';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { t } from '@sync/texts';
import './app.css';
import { listenForOpenRequests } from './app/open-from-notification';
import { registerAppPopups } from './app/register-popups';
import { createAppRouter } from './app/router';
import { getAuth, hasStoredSession, loadAuthSession } from './lib/auth-state';
import { BrandProvider, type BrandSetup } from './lib/brand-context';
import { appStylesheetReady } from './lib/app-stylesheet';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { startLanguage, useLanguage, warmPluralFormatting } from './lib/i18n';
import { setNavigator } from './lib/navigation';
import { popupsReady } from './ui/popups/popup-registry';
import { loadBrandSetup } from './lib/runtime-config';
import { toast } from './ui/toast';
import { yieldToMain } from './lib/yield-to-main';

/** The screens, drawn again in the member's language when it changes in the settings. */
function Screens({ router }: { router: AnyRouter }) {
  const language = useLanguage();
  return <RouterProvider key={language} router={router} />;
}

async function start() {
  const stylesReady = appStylesheetReady();
  // Evaluating the app's modules was this task's work; each step below gets a task of its own.
  await yieldToMain();
  listenForOpenRequests();
  installChunkReloadGuard();
  if (__MOCK_API__) {
    const { startMockWorker } = await import('./mocks/browser');
    await startMockWorker();
    const { mountTesterPanel } = await import('./mocks/tester-panel');
    mountTesterPanel();
  }
  // docs/product.md#screens-and-routes: on start the app initialises authentication and loads brand information. A stored session is
  // judged by the session's machine before the first route decides anything; a visitor's first paint does
  // without the machine (XState), which loads after it.
  const stored = hasStoredSession();
  const sessionReady = stored ? loadAuthSession() : null;
  const brandSetup = loadBrandSetup();
  await yieldToMain();
  const router = createAppRouter();
  // The first screen's code (route chunks and their styles) downloads while the config and the brand load,
  // rather than after them: fetching it has no side effect, unlike running the routes' guards.
  for (const route of router.getMatchedRoutes(location.pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);
  // A member's and an agent's frames show plural texts at once (the header's credits); a visitor's first screen has none.
  if (stored) warmPluralFormatting();
  await yieldToMain();
  await sessionReady;
  // A signed-in member's device syncs while the brand loads and the first screen renders: the inbox waits for the
  // first pull page, not for them (the first sync of a long history, docs/decisions/0019). The member's frame
  // adopts the running engine.
  const auth = getAuth();
  if (auth.isAuthenticated && auth.kind === 'user') void import('./sync/sync-runtime').then(({ startMemberSyncAtBoot }) => startMemberSyncAtBoot());
  let setup: BrandSetup = { config: null, brand: null };
  let brandFailed = false;
  try {
    setup = await brandSetup;
  } catch (error) {
    brandFailed = true;
    console.error('brand setup failed', error);
  }
  await startLanguage(setup.config?.country);
  registerAppPopups();
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
  await stylesReady;
  await yieldToMain();
  render(setup);
  // Once the first screen has rendered, in idle time: a visitor's session (signing in, another tab's login), for
  // a signed-in member the popups' code (it brings what the member's screens share), and the service worker.
  // Earlier, they would share the network with the first screen's own code; a visitor fetches the popups only
  // when one opens.
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
  const afterFirstScreen = router.subscribe('onRendered', () => {
    afterFirstScreen();
    idle(() => {
      void loadAuthSession();
      if (getAuth().isAuthenticated) void popupsReady();
      if (!__MOCK_API__) void import('./app/pwa').then(({ registerPwa }) => registerPwa());
    });
  });
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
}

void start();
