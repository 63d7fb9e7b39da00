import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { queryClient } from '@web/lib/query-client';

/** A screen that reads server state through TanStack Query, rendered with the app's cache (cleared first). */
export function renderWithQuery(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  queryClient.clear();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return render(ui, { ...options, wrapper });
}
