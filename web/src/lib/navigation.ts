/**
 * Navigation for code that runs outside React (machines, the HTTP error hook). The router
 * registers itself on start; before that a full page load is the honest fallback.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

const fallback: Navigate = (to) => {
  if (typeof location !== 'undefined') location.assign(to);
};
let current: Navigate = fallback;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? fallback;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
