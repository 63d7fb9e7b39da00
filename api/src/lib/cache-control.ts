/**
 * Content at this address never changes (a hashed build file, a stored media key: new content gets a new
 * name), so a browser or a CDN may keep it for a year without asking again.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Always asked again before use: index.html, the service worker and the manifest name the current files. */
export const REVALIDATE = 'no-cache';
/** Kept a month without asking: a file whose name says what it shows (an emoji image), restyled only by a new set. */
export const MONTH = 'public, max-age=2592000';
