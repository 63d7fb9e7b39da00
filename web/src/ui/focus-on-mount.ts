/**
 * What React's `autoFocus` does, as a ref: the element takes the focus when it mounts. Preact, the renderer behind
 * React's API here (decision 0051), only writes the `autofocus` attribute, which a browser honours while the page loads
 * and never again, so a popup's first field would open without the focus. Both renderers set a ref once the element is
 * in the document, and call a ref that stays the same function only when the element mounts (and, with null, when it
 * goes): the focus is given once, as React gives it.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
