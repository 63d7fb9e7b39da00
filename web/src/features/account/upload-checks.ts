/** docs/product.md#validation / docs/product.md#constants: up to five images per upload (the per-file rules live in sync/src/rules/image-upload.ts). */
export const MAX_FILES = 5;

export type UploadKind = 'avatar' | 'photo';

/** Avatar takes one image; album photos up to five per upload. */
export function maxFilesFor(kind: UploadKind): number {
  return kind === 'avatar' ? 1 : MAX_FILES;
}
