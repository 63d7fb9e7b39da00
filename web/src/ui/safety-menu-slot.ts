import type { ReactNode } from 'react';

/**
 * Where a page shows a profile's block and report menu. features/safety fills it (renderSafetyMenu) in the route,
 * so the pages that show it need not import another feature.
 */
export type SafetyMenuSlot = (profile: { profileId: string; username: string; onBlocked: () => void }) => ReactNode;
