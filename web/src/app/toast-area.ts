import { useEffect } from 'react';
import { setToastArea } from '@web/ui/toast';

/** Toasts at the top right start under the header, so one (the offline-ready notice, say) never covers its menu. */
export function useToastsBelowHeader(): void {
  useEffect(() => setToastArea({ position: 'top-right', offsetTop: 'calc(var(--header-height) + var(--space-2))' }), []);
}
