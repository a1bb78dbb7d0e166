import { crc32, deflateSync } from 'node:zlib';
import type { TRandom } from './random.ts';

/*
 * A proof photo for a task: a small PNG drawn here (a coloured card with diagonal stripes and a
 * frame), so the server recognises it by its content as image/png and stores a few hundred bytes.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB colour of `hue` (0–360) at a photo-like saturation and lightness. */
function rgb(hue: number, lightness: number): [number, number, number] {
  const s = 0.55;
  const c = (1 - Math.abs(2 * lightness - 1)) * s;
  const h = hue / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = lightness - c / 2;
  return [r, g, b].map((v) => Math.round((v + m) * 255)) as [number, number, number];
}

/** A `width`×`height` PNG (8-bit RGB) of a colour drawn from `random`. */
export function photoPng(random: TRandom, width = 64, height = 48): Buffer {
  const hue = random.int(0, 359);
  const base = rgb(hue, 0.5);
  const stripe = rgb(hue, 0.7);
  const frame = rgb(hue, 0.25);
  const period = random.int(6, 12);
  // Each row starts with its filter type (0: none), then 3 bytes a pixel.
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      const edge = x < 2 || y < 2 || x >= width - 2 || y >= height - 2;
      const colour = edge ? frame : (x + y) % period < period / 3 ? stripe : base;
      raw.set(colour, row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 2 (RGB), deflate, no filter method variants, no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
