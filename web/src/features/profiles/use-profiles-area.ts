import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isProfilesList, leavesProfilesArea } from './profiles-area';
import { profilesList, type ProfilesList } from './profiles-list';

/**
 * Mounted by the list and the single-profile page: remembers the list's scroll position when the
 * member leaves the list, and resets the list state when they leave the profiles area (docs/product.md#profiles-and-matching).
 */
export function useProfilesArea(list: ProfilesList = profilesList): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', ({ fromLocation, toLocation }) => {
        const from = fromLocation?.pathname;
        if (!from) return;
        if (isProfilesList(from) && !isProfilesList(toLocation.pathname)) list.saveScroll(window.scrollY);
        if (leavesProfilesArea(from, toLocation.pathname)) list.reset();
      }),
    [router, list],
  );
}
