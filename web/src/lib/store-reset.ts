/**
 * Logout resets auth, user, agent, cart, profiles, conversation and session state (docs/product.md#authentication).
 * Each store registers its own reset here, so the auth machine needs to know none of them.
 */
const resets = new Map<string, () => void>();

export function registerStoreReset(name: string, reset: () => void): () => void {
  resets.set(name, reset);
  return () => {
    if (resets.get(name) === reset) resets.delete(name);
  };
}

export function resetAllStores(): void {
  for (const [name, reset] of resets) {
    try {
      reset();
    } catch (error) {
      console.error(`store reset failed: ${name}`, error);
    }
  }
}
