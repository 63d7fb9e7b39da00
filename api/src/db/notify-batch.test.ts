import { describe, expect, it } from 'vitest';
import { batchNotifications } from './notify-batch.js';

/** A sender whose batches the test completes or fails one at a time, as a slow database would. */
function controlledSender() {
  const batches: { channels: string[]; payloads: string[]; done: () => void; fail: (err: Error) => void }[] = [];
  const send = (channels: string[], payloads: string[]) =>
    new Promise<void>((resolve, reject) => batches.push({ channels, payloads, done: resolve, fail: reject }));
  return { send, batches };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('NOTIFYs in batches', () => {
  it('sends the first at once and those asked for meanwhile together, in order, each settling with its batch', async () => {
    const { send, batches } = controlledSender();
    const notify = batchNotifications(send);
    const settled: string[] = [];
    const first = notify('realtime', 'a').then(() => settled.push('a'));
    expect(batches.map((b) => b.payloads)).toEqual([['a']]);

    const later = ['b', 'c', 'd'].map((p) => notify(p === 'c' ? 'other' : 'realtime', p).then(() => settled.push(p)));
    await tick();
    expect(batches).toHaveLength(1);
    batches[0]!.done();
    await first;
    await tick();
    expect(batches[1]).toMatchObject({ channels: ['realtime', 'other', 'realtime'], payloads: ['b', 'c', 'd'] });
    expect(settled).toEqual(['a']);
    batches[1]!.done();
    await Promise.all(later);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('fails only the calls of a batch that failed, and keeps sending', async () => {
    const { send, batches } = controlledSender();
    const notify = batchNotifications(send);
    const first = notify('realtime', 'a');
    const second = notify('realtime', 'b');
    batches[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    batches[1]!.done();
    await expect(second).resolves.toBeUndefined();

    // Idle again: the next one goes at once.
    const third = notify('realtime', 'c');
    expect(batches[2]!.payloads).toEqual(['c']);
    batches[2]!.done();
    await expect(third).resolves.toBeUndefined();
  });

  it('sends a backlog in batches of at most 256', async () => {
    const { send, batches } = controlledSender();
    const notify = batchNotifications(send);
    const all = Array.from({ length: 600 }, (_, i) => notify('realtime', String(i)));
    for (let i = 0; i < 4 && batches[i]; i++) {
      batches[i]!.done();
      await tick();
    }
    await Promise.all(all);
    expect(batches.map((b) => b.payloads.length)).toEqual([1, 256, 256, 87]);
    expect(batches.flatMap((b) => b.payloads)).toEqual(Array.from({ length: 600 }, (_, i) => String(i)));
  });
});
