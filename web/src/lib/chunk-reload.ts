/**
 * docs/product.md#errors-and-texts, docs/product.md#constants: a failed chunk load (a new build replaced the old files) reloads the page, at most
 * once per 10 s for the same path, so a truly missing file cannot cause a reload loop.
 */
export const RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = 'chunk-reload:';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR.test(message);
}

/** Records the attempt and says whether a reload may happen now for `path`. */
export function claimReload(path: string, now: number = Date.now(), storage: Storage = sessionStorage): boolean {
  const key = KEY_PREFIX + path;
  const last = Number(storage.getItem(key) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(key, String(now));
  } catch {
    // No storage, no guard: better not to reload at all than to loop.
    return false;
  }
  return true;
}

export function reloadAfterChunkError(reload: () => void = () => location.reload(), online: () => boolean = () => navigator.onLine): boolean {
  // Offline, the file is missing because the network is, not because a new build replaced it: a reload
  // would swap the app for the browser's offline page. The route's error screen shows instead.
  if (!online()) return false;
  if (!claimReload(location.pathname)) return false;
  reload();
  return true;
}

export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError();
  });
}
