/** Tabs tell each other about logout over BroadcastChannel 'auth' (docs/product.md#authentication). */
export const AUTH_CHANNEL = 'auth';

/** `userId`: whose session ended; tabs signed in as another account on the same browser keep theirs. */
export type AuthBroadcast = { type: 'logout'; userId?: string | null } | { type: 'login' };

export interface AuthChannel {
  post(message: AuthBroadcast): void;
  subscribe(listener: (message: AuthBroadcast) => void): () => void;
  close(): void;
}

export function openAuthChannel(): AuthChannel {
  if (typeof BroadcastChannel === 'undefined') {
    return { post: () => undefined, subscribe: () => () => undefined, close: () => undefined };
  }
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const handle = (event: MessageEvent<AuthBroadcast>) => listener(event.data);
      channel.addEventListener('message', handle);
      return () => channel.removeEventListener('message', handle);
    },
    close: () => channel.close(),
  };
}
