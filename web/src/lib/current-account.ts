/**
 * Whose local database the app reads (docs/decisions/0019): the signed-in member's, or none (the guest one).
 * Kept apart from db.ts so the auth session can name the account without loading Dexie on public pages.
 */
let current: string | null = null;

export function setCurrentAccount(userId: string | null): void {
  current = userId;
}

export function currentAccount(): string | null {
  return current;
}
