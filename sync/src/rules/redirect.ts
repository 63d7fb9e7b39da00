const hasControlChar = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * A path on this site, or undefined: the one check for every redirect target (sign-in `redirect`, single
 * sign-on `redirectUrl`). Refuses everything a browser could resolve to another origin: absolute URLs,
 * protocol-relative `//host`, backslash tricks (`/\host`), control characters.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlChar(value)) return undefined;
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
