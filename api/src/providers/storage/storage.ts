/**
 * Where media files live. Keys are relative, slash-separated names such as `gen/…/small.jpg`; the
 * content type follows the key's extension, so a file is always served as what its name says.
 */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface Storage {
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** null when nothing is stored under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (object storage's HTTP agent) when the server stops. */
  close?(): void;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 120))}`);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

export const STORAGE_KEY_MAX = 200;
// Each segment starts with a letter or digit, so '.', '..' and hidden files can never be named.
const SEGMENT = '[a-z0-9][a-z0-9._-]*';
const KEY_RE = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*\\.(${Object.keys(CONTENT_TYPES).join('|')})$`);

/** The key's content type, or null when the key is not one this storage accepts. */
export function contentTypeOfKey(key: string): string | null {
  if (key.length > STORAGE_KEY_MAX) return null;
  const m = KEY_RE.exec(key);
  return m ? CONTENT_TYPES[m[1]!]! : null;
}

export function isValidStorageKey(key: string): boolean {
  return contentTypeOfKey(key) !== null;
}

/** Throws unless `key` is safe and its extension agrees with `contentType` (when given). */
export function assertStorageKey(key: string, contentType?: string): string {
  const type = contentTypeOfKey(key);
  if (!type) throw new InvalidStorageKeyError(key);
  if (contentType !== undefined && contentType.split(';')[0]!.trim().toLowerCase() !== type) {
    throw new Error(`Content type ${contentType} does not match the key ${key} (${type})`);
  }
  return type;
}
