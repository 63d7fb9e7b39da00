import { type ApiError, createHttpClient } from './http';
import { pageLoader } from './page-loader-state';
import { getApiBaseUrl } from './runtime-config';

/**
 * What the shared client needs from the auth session, set by auth-session.ts on start. A bridge
 * rather than an import, because the auth machine's own refresh goes through this client.
 */
export const authBridge = {
  getToken: (): string | null => null,
  ensureFreshToken: async (): Promise<void> => undefined,
};

const errorHooks = new Set<(error: ApiError) => void>();

/** Listen to every 400–599 answer (e.g. to log out on 401); returns the unsubscribe. */
export function onApiError(hook: (error: ApiError) => void): () => void {
  errorHooks.add(hook);
  return () => errorHooks.delete(hook);
}

/** The app's one HTTP client (docs/api.md#endpoints). Paths are relative to the API base: api.get('/profiles'). */
export const api = createHttpClient({
  baseUrl: getApiBaseUrl,
  getToken: () => authBridge.getToken(),
  beforeRequest: () => authBridge.ensureFreshToken(),
  loader: pageLoader,
  onError: (error) => errorHooks.forEach((hook) => hook(error)),
});
