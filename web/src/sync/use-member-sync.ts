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
  useEffect(() => {
    if (!isMember) return;
    return startMemberSync();
  }, [isMember]);
  useEffect(() => {
    if (isMember && socketState === 'open') requestPull();
  }, [isMember, socketState]);
}
