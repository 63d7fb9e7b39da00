/**
 * A profile the member blocked leaves every list on this device at once. Lists register here (as stores register
 * their logout reset in store-reset.ts), so features/safety needs to know none of them.
 */
const forgetters = new Map<string, (profileId: string) => void>();

export function registerProfileForgetter(name: string, forget: (profileId: string) => void): () => void {
  forgetters.set(name, forget);
  return () => {
    if (forgetters.get(name) === forget) forgetters.delete(name);
  };
}

export function forgetProfileEverywhere(profileId: string): void {
  for (const [name, forget] of forgetters) {
    try {
      forget(profileId);
    } catch (error) {
      console.error(`forgetting a profile failed: ${name}`, error);
    }
  }
}
