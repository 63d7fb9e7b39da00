/**
 * docs/product.md#profiles-and-matching: the profiles list state resets when the member leaves the profiles area for other pages,
 * except going to a single profile, and when leaving a single profile to anywhere outside /profiles.
 * Going from one profile to another stays inside the area (e.g. a profile opened from a match).
 */
export function isProfilesList(pathname: string): boolean {
  return pathname === '/profiles' || pathname === '/profiles/';
}

export function isSingleProfile(pathname: string): boolean {
  return /^\/profile\/[^/]+\/?$/.test(pathname);
}

export function leavesProfilesArea(from: string, to: string): boolean {
  const inArea = (p: string) => isProfilesList(p) || isSingleProfile(p);
  return inArea(from) && !inArea(to);
}
