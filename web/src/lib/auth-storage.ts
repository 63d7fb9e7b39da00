/** Auth state persisted in localStorage (docs/product.md#data): isAuthenticated, token, expiryDate, tokenUpdateInterval. */
export const AUTH_STORAGE_KEY = 'auth';
/** docs/product.md#constants: refresh when less than 3,000,000 ms (50 minutes) remain. */
export const TOKEN_UPDATE_INTERVAL = 3_000_000;

export interface PersistedAuth {
  isAuthenticated: boolean;
  token: string | null;
  expiryDate: number | null;
  tokenUpdateInterval: number;
}

export const emptyAuth = (): PersistedAuth => ({
  isAuthenticated: false,
  token: null,
  expiryDate: null,
  tokenUpdateInterval: TOKEN_UPDATE_INTERVAL,
});

export function readPersistedAuth(storage: Storage | undefined = globalThis.localStorage): PersistedAuth {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return emptyAuth();
    const value = JSON.parse(raw) as Partial<PersistedAuth>;
    if (typeof value.token !== 'string' || typeof value.expiryDate !== 'number') return emptyAuth();
    return {
      isAuthenticated: value.isAuthenticated === true,
      token: value.token,
      expiryDate: value.expiryDate,
      tokenUpdateInterval: typeof value.tokenUpdateInterval === 'number' ? value.tokenUpdateInterval : TOKEN_UPDATE_INTERVAL,
    };
  } catch {
    return emptyAuth();
  }
}

export function writePersistedAuth(value: PersistedAuth, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (!value.isAuthenticated) storage?.removeItem(AUTH_STORAGE_KEY);
    else storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the session still works for this tab.
  }
}
