import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '@sync/texts';
import type { AppEnv } from '../../context.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../auth/middleware.js';
import { MAX_FILE_BYTES, inspectUpload, processUpload, type ProcessedImage } from './image-processing.js';
import { uploadForm, uploadTypes, type UploadType } from '@sync/contract/uploads';
import { accepts } from '../../lib/validate.js';
import { attachmentUrl, storeUploads } from './service.js';

/** docs/product.md#validation: up to 5 files per upload; an avatar is one image, and so is a message image. */
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

/** Both upload routes take the same body: multipart, one limit for the whole of it. */
export const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_BODY_LIMIT,
  onError: () => {
    throw new ApiError(413, 'payload-too-large', t('image-uploader.max-size'));
  },
});

export type UploadForm = Record<string, string | File | (string | File)[]>;

export async function readUploadForm(c: Context<AppEnv>): Promise<UploadForm> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(400, 'invalid-multipart', 'Send the images as multipart/form-data');
  }
  try {
    // The one reader of multipart uploads (the routes declare their forms with accepts()): under one body limit,
    // each file then checked and named when refused, which a schema's first issue could not say.
    // eslint-disable-next-line no-restricted-syntax
    return await c.req.parseBody({ all: true });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(400, 'invalid-multipart', 'The upload could not be read');
  }
}

/**
 * The files of an upload form, each checked (size, type by content, dimensions from the header) and then
 * processed (upright, EXIF gone, scaled, variants). Throws the first failure, naming the file; stores nothing.
 */
export async function checkedImages(form: UploadForm, max: number): Promise<ProcessedImage[]> {
  const values = FILE_FIELDS.flatMap((field) => {
    const v = form[field];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  });
  if (values.some((v) => !(v instanceof File))) throw new ApiError(400, 'invalid-multipart', 'files must be image files');
  const files = values as File[];
  if (files.length === 0) throw new ApiError(400, 'no-files', 'Please choose an image to upload');
  if (files.length > max) throw tooMany(max);

  // Cheap checks on every file first, then the work.
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
  return processed;
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
 *
 * POST /api/profile/:id/upload, the agent's attachment: agents/attachment-routes.ts.
 *
 * GET /api/attachment/:id/:size (small|medium|large|original): 302 to the stored file of a message image, so
 * a message that carries only the attachment id can show it. No token: <img> sends none, and the ids are
 * random UUIDs handed only to the two sides of the conversation (like the /api/media keys themselves).
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/user/upload', requireAuth('user'), uploadBodyLimit, accepts('form', uploadForm), async (c) => {
    const form = await readUploadForm(c);
    const type = form.type;
    if (typeof type !== 'string' || !(uploadTypes as readonly string[]).includes(type)) {
      throw new ApiError(400, 'invalid-upload-type', 'type must be avatar, photo or message');
    }
    const processed = await checkedImages(form, MAX_FILES[type as UploadType]);
    return c.json(await storeUploads(c.get('deps'), c.get('auth').id, type as UploadType, processed));
  })
  .get('/attachment/:id/:size', async (c) => {
    const url = await attachmentUrl(c.get('deps'), c.req.param('id'), c.req.param('size'));
    if (!url) throw new ApiError(404, 'not-found', t('error.not-found'));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect(url, 302);
  });
