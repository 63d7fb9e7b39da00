import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Snippet } from '@sync/contract/snippets';
import { fetchSnippets } from './snippets-api';

export interface SnippetsState {
  snippets: Snippet[];
  phase: 'loading' | 'ready' | 'error';
  reload: () => Promise<void>;
  /** The manager dialog, opened from the picker or the page. */
  managing: boolean;
  setManaging: (open: boolean) => void;
}

const SnippetsContext = createContext<SnippetsState | null>(null);

const NO_SNIPPETS: Snippet[] = [];

/**
 * The agent's canned replies for the page that mounts it (the chat page): read once, read again after each
 * change; gcTime 0, so nothing outlives the page (and logout clears the cache). A failed read again keeps
 * the list shown; only a first read that failed is an error.
 */
export function SnippetsProvider({ children }: { children: ReactNode }) {
  const [managing, setManaging] = useState(false);
  const read = useQuery({ queryKey: ['agent', 'snippets'] as const, queryFn: () => fetchSnippets(), gcTime: 0, retry: false });
  const { refetch } = read;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const snippets = read.data?.data ?? NO_SNIPPETS;
  const phase: SnippetsState['phase'] = read.data ? 'ready' : read.isError ? 'error' : 'loading';
  const value = useMemo(() => ({ snippets, phase, reload, managing, setManaging }), [snippets, phase, reload, managing]);
  return <SnippetsContext.Provider value={value}>{children}</SnippetsContext.Provider>;
}

/** The canned replies, or null outside a SnippetsProvider (the composer then offers none). */
export function useSnippets(): SnippetsState | null {
  return useContext(SnippetsContext);
}
