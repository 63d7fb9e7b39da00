import { useEffect } from 'react';
import { useAuth } from '@web/lib/auth-state';
import { useMemberSocketState } from './member-socket';
import { requestPull, startMemberSync } from './sync-runtime';

/**
 * Runs the sync engine while a member is signed in (the authenticated layout), and pulls whenever the
 * socket (re)opens: events missed while it was down are then in the mirror.
 */
export function useMemberSync(): void {
  const auth = useAuth();
  const isMember = auth.isAuthenticated && auth.kind === 'user';
  const socketState = useMemberSocketState();
  // Another member signing in in this tab (a mailed link's token) gets an engine on that member's database.
  const memberId = isMember ? auth.userId : null;
  useEffect(() => {
    if (!memberId) return;
    return startMemberSync();
  }, [memberId]);
  useEffect(() => {
    if (isMember && socketState === 'open') requestPull();
  }, [isMember, socketState]);
}
