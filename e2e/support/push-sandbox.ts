import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A push service on 127.0.0.1 for the journeys. Chromium's own pushManager.subscribe needs Google's push service,
 * which this machine cannot reach (it hangs), so a journey hands the page a subscription whose endpoint is this
 * server and whose keys the test holds. The API's real web-push adapter then sends here exactly what it would send
 * to FCM: this server checks the VAPID signature (RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the
 * device's private key, as a browser would.
 */
export interface ReceivedPush {
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, verified against the key in the Authorization header. */
  claims: { aud?: string; sub?: string; exp?: number };
  vapidKey: string;
}

export interface Device {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSandbox {
  /** A device: its endpoint here, its public key and auth secret as a browser's PushSubscription.toJSON() gives them. */
  device(): Device;
  received: ReceivedPush[];
  /** Endpoints that answer 410 Gone, as a push service does for an unsubscribed device. */
  gone: Set<string>;
  close(): Promise<void>;
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted with the device's ECDH key and auth secret. */
export function decryptAes128gcm(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

async function verifyVapid(header: string | undefined): Promise<{ claims: ReceivedPush['claims']; key: string }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'));
  return { claims: payload as ReceivedPush['claims'], key };
}

export async function startPushSandbox(): Promise<PushSandbox> {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const gone = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`;
        const device = devices.get(endpoint);
        if (!device || gone.has(endpoint)) return res.writeHead(410).end();
        try {
          if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
          const { claims, key } = await verifyVapid(req.headers.authorization);
          const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth).toString('utf8')) as Record<string, unknown>;
          received.push({ payload, claims, vapidKey: key, ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined, topic: req.headers.topic as string | undefined });
          res.writeHead(201).end();
        } catch (error) {
          res.writeHead(400).end(String(error));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    device() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const endpoint = `http://127.0.0.1:${port}/push/${crypto.randomUUID()}`;
      devices.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    received,
    gone,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
