import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.js';
import { RealtimeHub, type SocketLike } from './hub.js';

/**
 * A hub on a database whose notifications the test hands in, as the listening connection would, and whose
 * listening connection the test can report as having come back after a drop (`gap`).
 */
async function hubWithNotifications() {
  let deliver: ((payload: string) => void) | undefined;
  let gap: (() => void) | undefined;
  const database: Database = {
    db: undefined as never,
    kind: 'pglite',
    prepared: async () => [],
    exclusive: (_lockKey, fn) => fn(),
    listen: async (_channel, onPayload, onGap) => {
      deliver = onPayload;
      gap = onGap;
      return async () => undefined;
    },
    notify: async (_channel, payload) => deliver?.(payload),
    close: async () => undefined,
  };
  const hub = new RealtimeHub(database);
  return { hub, deliver: (payload: string) => deliver!(payload), gap: () => gap!(), start: () => hub.start() };
}

function socket() {
  const frames: unknown[] = [];
  const s: SocketLike = { send: (data) => frames.push(JSON.parse(data)), close: () => undefined };
  return { s, frames };
}

describe('rows published for a registered builder', () => {
  it('are formatted by the process holding the room, in order, and not at all elsewhere', async () => {
    const { hub, deliver, start } = await hubWithNotifications();
    const build = vi.fn((data: unknown) => {
      const { n } = data as { n: number };
      return [{ event: 'first', n }, { event: 'second', n }];
    });
    hub.registerBuilder('test', build);
    await start();
    const member = socket();
    hub.join(member.s, ['user:a']);

    await hub.publishBuilt('test', 'user:a', { n: 1 });
    expect(member.frames).toEqual([{ event: 'first', n: 1 }, { event: 'second', n: 1 }]);

    // Nobody of room user:b here: the payload after the room is not even read, the builder never runs.
    build.mockClear();
    deliver('user:b\n{ not json');
    await hub.publishBuilt('test', 'user:b', { n: 2 });
    expect(build).not.toHaveBeenCalled();
    expect(member.frames).toHaveLength(2);
  });

  it('skips rows of an unknown builder or that fail to format, and refuses to publish for an unregistered one or too many bytes', async () => {
    const { hub, deliver, start } = await hubWithNotifications();
    hub.registerBuilder('broken', () => {
      throw new Error('bad rows');
    });
    await start();
    const member = socket();
    hub.join(member.s, ['user:a']);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deliver(`user:a\n${JSON.stringify({ build: 'unknown', data: {} })}`);
    deliver(`user:a\n${JSON.stringify({ build: 'broken', data: {} })}`);
    deliver('user:a\n{ not json');
    deliver('no room line');
    await hub.publish('user:a', { event: 'still-works' });
    expect(member.frames).toEqual([{ event: 'still-works' }]);
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
    await expect(hub.publishBuilt('unknown', 'user:a', {})).rejects.toThrow(/no realtime builder/);
    // NOTIFY takes 8000 bytes at most: counted in bytes, not characters (each of these is three).
    await expect(hub.publish('user:a', { event: 'big', text: '€'.repeat(2600) })).rejects.toThrow(/too large \(78\d\d bytes\)/);
    expect(member.frames).toEqual([{ event: 'still-works' }]);
  });
});

describe('the realtime hub after a gap in notifications', () => {
  it('closes its sockets with 1012 so every client reconnects and pulls what it missed', async () => {
    const { hub, gap, start } = await hubWithNotifications();
    await start();
    const closed: number[] = [];
    const socket = (): SocketLike => ({ send: () => undefined, close: (code) => closed.push(code ?? 0) });
    const shared = socket();
    hub.join(shared, ['user:a', 'session:s1']);
    hub.join(socket(), ['agent:b']);
    gap();
    expect(closed).toEqual([1012, 1012]);
  });
});
