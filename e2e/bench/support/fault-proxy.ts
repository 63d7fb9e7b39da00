import net from 'node:net';

/**
 * A TCP proxy in front of the API that misbehaves like a bad mobile network: per chunk, at random, it resets
 * the connection before the request reaches the server (request lost), after the server answered but before
 * the client got the answer (response lost: the server applied the write, the client does not know), drops
 * a connection silently (the client's timeout fires), or holds the chunk back for a while (delay).
 */
export interface FaultRates {
  /** Reset before forwarding a client→server chunk. */
  resetRequest: number;
  /** Reset instead of forwarding a server→client chunk. */
  resetResponse: number;
  /** Stop forwarding in both directions and leave the sockets open. */
  blackhole: number;
  /** Delay a chunk by up to maxDelayMs. */
  delay: number;
  maxDelayMs: number;
}

export const DEFAULT_FAULTS: FaultRates = { resetRequest: 0.05, resetResponse: 0.08, blackhole: 0.02, delay: 0.15, maxDelayMs: 400 };

export interface FaultCounts {
  connections: number;
  resetRequest: number;
  resetResponse: number;
  blackhole: number;
  delayed: number;
}

export interface FaultProxy {
  port: number;
  counts: FaultCounts;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }, rates: FaultRates = DEFAULT_FAULTS, random: () => number = Math.random): Promise<FaultProxy> {
  const counts: FaultCounts = { connections: 0, resetRequest: 0, resetResponse: 0, blackhole: 0, delayed: 0 };
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    counts.connections += 1;
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    let dead = false;
    // Chunks keep their order: each waits for the one before it (and its delay).
    let toServer = Promise.resolve();
    let toClient = Promise.resolve();

    const kill = () => {
      if (dead) return;
      dead = true;
      client.resetAndDestroy();
      upstream.resetAndDestroy();
    };
    const hole = () => {
      dead = true;
      client.pause();
      upstream.pause();
    };
    const later = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

    const forward = (chunk: Buffer, to: net.Socket, direction: 'request' | 'response') => {
      const roll = random();
      const resetRate = direction === 'request' ? rates.resetRequest : rates.resetResponse;
      if (roll < resetRate) {
        counts[direction === 'request' ? 'resetRequest' : 'resetResponse'] += 1;
        return kill();
      }
      if (roll < resetRate + rates.blackhole) {
        counts.blackhole += 1;
        return hole();
      }
      const delayMs = roll < resetRate + rates.blackhole + rates.delay ? Math.round(random() * rates.maxDelayMs) : 0;
      if (delayMs) counts.delayed += 1;
      const queue = direction === 'request' ? toServer : toClient;
      const next = queue.then(async () => {
        if (delayMs) await later(delayMs);
        if (!dead && !to.destroyed) to.write(chunk);
      });
      if (direction === 'request') toServer = next;
      else toClient = next;
    };

    client.on('data', (chunk: Buffer) => !dead && forward(chunk, upstream, 'request'));
    upstream.on('data', (chunk: Buffer) => !dead && forward(chunk, client, 'response'));
    client.on('close', () => {
      open.delete(client);
      if (dead) upstream.destroy();
      else void toServer.then(() => upstream.end());
    });
    upstream.on('close', () => {
      open.delete(upstream);
      if (dead) client.destroy();
      else void toClient.then(() => client.end());
    });
    client.on('error', kill);
    upstream.on('error', kill);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
