import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../auth/middleware.js';
import { MAX_FILE_BYTES, inspectUpload, processUpload, type ProcessedImage } from './image-processing.js';
import { UPLOAD_TYPES, storeUploads, type UploadType } from './service.js';

/** SPEC §5: up to 5 files per upload; an avatar is one image, and so is a message image. */
export const MAX_FILES: Record<UploadType, number> = { avatar: 1, photo: 5, message: 1 };
/** Five full-size files plus the multipart framing and the `type` field. */
export const UPLOAD_BODY_LIMIT = 5 * MAX_FILE_BYTES + 512 * 1024;
const FILE_FIELDS = ['files', 'files[]', 'file'];

const tooMany = (max: number) => new ApiError(400, 'too-many-files', t('image-uploader.too-many-files', { max }));

/** The failing file's position and name travel with the error, so the uploader can mark it. */
function forFile(err: unknown, index: number, name: string): unknown {
  if (!(err instanceof ApiError)) return err;
  return new ApiError(err.status, err.code, err.message, { ...err.details, file: index, fileName: name.slice(0, 200) });
}

/**
 * POST /api/user/upload (member token), multipart: `type` avatar | photo | message and 1–5 `files`
 * (avatar and message take exactly 1).
 *   200 { images: Image[] (the new ones, under_moderation true), gallery: Image[] (own avatar and photos), profileCompleted }
 *   400 invalid-file-type 'Invalid file type, jpeg or png only' (by content: a .jpg holding text is refused,
 *       a PNG named .jpg is a PNG) · image-too-small 'Mininum dimension is 640px x 360px' · image-too-large
 *       (over 50 megapixels, refused from the header) · too-many-files · no-files · invalid-upload-type · invalid-multipart
 *   413 file-too-large 'Max file size allowed is 5 mb' (one file) · payload-too-large (the whole body)
 * Every file is checked and processed before anything is stored; one bad file stores none.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/user/upload',
  requireAuth('user'),
  bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, 'payload-too-large', t('image-uploader.max-size'));
    },
  }),
  async (c) => {
    if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
      throw new ApiError(400, 'invalid-multipart', 'Send the images as multipart/form-data');
    }
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, 'invalid-multipart', 'The upload could not be read');
    }
    const type = form.type;
    if (typeof type !== 'string' || !(UPLOAD_TYPES as readonly string[]).includes(type)) {
      throw new ApiError(400, 'invalid-upload-type', 'type must be avatar, photo or message');
    }
    const values = FILE_FIELDS.flatMap((field) => {
      const v = form[field];
      return v === undefined ? [] : Array.isArray(v) ? v : [v];
    });
    if (values.some((v) => !(v instanceof File))) throw new ApiError(400, 'invalid-multipart', 'files must be image files');
    const files = values as File[];
    if (files.length === 0) throw new ApiError(400, 'no-files', 'Please choose an image to upload');
    const max = MAX_FILES[type as UploadType];
    if (files.length > max) throw tooMany(max);

    // Cheap checks on every file first (size, type by content, dimensions from the header), then the work.
    const buffers: Buffer[] = [];
    for (const [i, file] of files.entries()) {
      if (file.size > MAX_FILE_BYTES) throw forFile(new ApiError(413, 'file-too-large', t('image-uploader.max-size')), i, file.name);
      const buffer = Buffer.from(await file.arrayBuffer());
      try {
        await inspectUpload(buffer);
      } catch (err) {
        throw forFile(err, i, file.name);
      }
      buffers.push(buffer);
    }
    const processed: ProcessedImage[] = [];
    for (const [i, buffer] of buffers.entries()) {
      try {
        processed.push(await processUpload(buffer));
      } catch (err) {
        throw forFile(err, i, files[i]!.name);
      }
    }
    return c.json(await storeUploads(c.var.deps, c.var.auth.id, type as UploadType, processed));
  },
);
