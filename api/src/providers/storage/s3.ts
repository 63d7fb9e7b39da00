import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { IMMUTABLE } from '../../lib/cache-control.js';
import { assertStorageKey, contentTypeOfKey, InvalidStorageKeyError, type Storage } from './storage.js';

export type ObjectStorageConfig = NonNullable<Config['objectStorage']>;

/**
 * Objects in an S3-compatible bucket, one per key (under the configured prefix), so every API process behind
 * the proxy reads what any of them wrote. The same key rules as the local disk: the key names the content type.
 */
export function createS3Storage(config: ObjectStorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    // The SDK's default CRC32 checksums on every request are unknown to several S3-compatible servers
    // (older MinIO, s3rver); S3 itself checks Content-MD5-free uploads by their signature anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);

  return {
    async put(key, body, contentType) {
      const type = assertStorageKey(key, contentType);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: type,
          // Keys are never rewritten with other content (a new upload gets a new key), as /api/media promises.
          CacheControl: IMMUTABLE,
        }),
      );
    },

    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) throw new InvalidStorageKeyError(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return { body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>, contentType, size: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key it does not hold, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },

    close() {
      client.destroy();
    },
  };
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}
