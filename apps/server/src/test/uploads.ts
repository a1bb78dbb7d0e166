import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

// Uploads as clients send them, for the API tests: real images recognised by their first bytes,
// what is not an image, and multipart/form-data bodies of text fields and files.

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG: recognised as one, though no decoder could draw it. */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
/** The start of an iPhone's HEIC photo. */
export const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);
/** Not an image, whatever its name says. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/** A real photo-sized JPEG of one colour (a thumbnail can be made of it). */
export const photoJpeg = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

export type TFormPart =
  { name: string; value: string } | { name: string; file: Buffer; filename?: string; type?: string };

/** A multipart/form-data body of text fields and files, with the header that names its boundary. */
export function multipartForm(parts: TFormPart[]) {
  const boundary = `----form${randomUUID()}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      'file' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename ?? 'photo.jpg'}"\r\nContent-Type: ${p.type ?? 'image/jpeg'}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`,
    ),
    'file' in p ? p.file : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
