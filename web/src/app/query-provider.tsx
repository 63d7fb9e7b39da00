import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@web/lib/query-client';

/**
 * The app's one query cache, provided by the member's and the staff's layouts rather than the root: those
 * layouts load lazily, so the landing page's critical path (e2e/web-budget.test.ts) carries no query code.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
