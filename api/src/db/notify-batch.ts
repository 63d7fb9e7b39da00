/** Sends NOTIFYs: one channel and payload per element, in order, in one transaction. */
export type SendNotifications = (channels: string[], payloads: string[]) => Promise<void>;

interface Pending {
  channel: string;
  payload: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** A batch's payloads stay under 8000 bytes each; this bounds one statement's parameters to about 2 MB. */
const MAX_BATCH = 256;

/**
 * NOTIFYs in batches: the first is sent at once, and those asked for while a batch is on its way go together
 * in the next one, so a busy process sends one short transaction per round trip instead of one per event.
 * Each call settles when its batch was sent. PostgreSQL delivers one copy of identical channel and payload
 * pairs sent in one transaction; every event we send either differs or may be delivered once (pokes).
 */
export function batchNotifications(send: SendNotifications): (channel: string, payload: string) => Promise<void> {
  let queue: Pending[] = [];
  let sending = false;

  async function drain() {
    sending = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        await send(
          batch.map((p) => p.channel),
          batch.map((p) => p.payload),
        );
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    sending = false;
  }

  return (channel, payload) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ channel, payload, resolve, reject });
      if (!sending) void drain();
    });
}
