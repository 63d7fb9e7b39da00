/**
 * The app's stylesheet, which index.html loads without holding the first paint (web/vite/first-paint.ts): switched
 * on, and waited for, before the first screen renders. Not there in development, where Vite injects the styles.
 */
export const APP_STYLESHEET_ATTRIBUTE = 'data-app-stylesheet';

export function appStylesheetReady(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>(`link[${APP_STYLESHEET_ATTRIBUTE}]`);
  if (!link) return Promise.resolve();
  link.media = 'all';
  // Loaded, or ended in an error before this module ran (a resource entry without a sheet): nothing to wait for.
  if (link.sheet || performance.getEntriesByName(link.href).length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
