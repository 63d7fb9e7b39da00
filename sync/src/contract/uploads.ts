/**
 * Multipart image uploads (docs/api.md#endpoints): POST /user/upload (a member's avatar, photos or a message
 * image), POST /profile/{id}/upload (an agent's attachment for a fictive profile) and POST
 * /admin/profile/{id}/photos (a fictive profile's gallery). The API reads the form itself (api
 * uploads/routes.ts: one body limit for the whole request, then each file checked and named when it fails), so
 * these schemas declare what the routes take for the web's typed client.
 */
import { z } from 'zod';

/** What a member's upload is for (docs/product.md#validation). */
export const uploadTypes = ['avatar', 'photo', 'message'] as const;
export type UploadType = (typeof uploadTypes)[number];

/** The images of an upload: one file, or several under the same field. */
const imageFiles = z.union([z.custom<File>(), z.array(z.custom<File>())]);

export const uploadForm = z.object({ type: z.enum(uploadTypes), files: imageFiles });
export const attachmentUploadForm = z.object({ type: z.literal('message').optional(), files: imageFiles });
export const fictivePhotoForm = z.object({ type: z.enum(['avatar', 'photo']).optional(), files: imageFiles });
