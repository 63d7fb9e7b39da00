/**
 * Open sockets (member conversations, agent session) register here so logout can close them
 * all without knowing who opened which (docs/product.md#authentication).
 */
export interface Closable {
  close(code?: number, reason?: string): void;
}

const sockets = new Map<string, Closable>();

export function registerSocket(name: string, socket: Closable): () => void {
  sockets.set(name, socket);
  return () => {
    if (sockets.get(name) === socket) sockets.delete(name);
  };
}

export function closeAllSockets(): void {
  for (const [name, socket] of sockets) {
    try {
      socket.close(1000, 'logout');
    } catch (error) {
      console.error(`socket close failed: ${name}`, error);
    }
  }
  sockets.clear();
}
