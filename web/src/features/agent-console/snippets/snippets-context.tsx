import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * The agent's canned replies for the page that mounts it (the chat page): loaded once, reloaded after each
 * change, kept in React state only, so nothing outlives the page or a sign-out.
 */
export function SnippetsProvider({ children }: { children: ReactNode }) {
  const [snippets, setSnippets] = useState<Snippet[]>([]);
  const [phase, setPhase] = useState<SnippetsState['phase']>('loading');
  const [managing, setManaging] = useState(false);
  const reload = useCallback(async () => {
    try {
      setSnippets((await fetchSnippets()).data);
      setPhase('ready');
    } catch {
      setPhase((prev) => (prev === 'ready' ? prev : 'error'));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const value = useMemo(() => ({ snippets, phase, reload, managing, setManaging }), [snippets, phase, reload, managing]);
  return <SnippetsContext.Provider value={value}>{children}</SnippetsContext.Provider>;
}

/** The canned replies, or null outside a SnippetsProvider (the composer then offers none). */
export function useSnippets(): SnippetsState | null {
  return useContext(SnippetsContext);
}
