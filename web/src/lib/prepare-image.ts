import { t } from '@sync/texts';
import { checkDimensions, checkFileBasics, scaledSize, SCALED_JPEG_QUALITY } from '@sync/rules/image-upload';

export type Prepared = { ok: true; file: Blob } | { ok: false; error: string };

async function readHead(file: Blob): Promise<Uint8Array> {
  const slice = file.slice(0, 8);
  const buffer = typeof slice.arrayBuffer === 'function' ? await slice.arrayBuffer() : await new Response(slice).arrayBuffer();
  return new Uint8Array(buffer);
}

async function decode(file: Blob): Promise<{ width: number; height: number; source: CanvasImageSource; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight, source: image, close: () => URL.revokeObjectURL(url) };
}

async function scale(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')?.drawImage(source, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('scale failed'))), 'image/jpeg', SCALED_JPEG_QUALITY),
  );
}

/**
 * docs/product.md#validation on the member's device, before any upload: jpeg or png by content, at most 5 MB, at
 * least 640 x 360; larger than 3840 x 2160 is scaled down (jpeg quality 0.8). The server checks again.
 */
export async function prepareImage(file: File, measure: typeof decode = decode): Promise<Prepared> {
  const basic = checkFileBasics(file, await readHead(file));
  if (basic) return { ok: false, error: t(basic) };
  let decoded;
  try {
    decoded = await measure(file);
  } catch {
    return { ok: false, error: t('image-uploader.invalid-type') };
  }
  try {
    const small = checkDimensions(decoded.width, decoded.height);
    if (small) return { ok: false, error: t(small) };
    const target = scaledSize(decoded.width, decoded.height);
    if (!target) return { ok: true, file };
    const scaled = await scale(decoded.source, target.width, target.height);
    return { ok: true, file: new File([scaled], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' }) };
  } finally {
    decoded.close();
  }
}
