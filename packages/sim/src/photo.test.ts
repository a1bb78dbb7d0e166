import { crc32, inflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { photoPng } from './photo.ts';
import { seeded } from './random.ts';

/** The PNG's chunks, each with its CRC checked. */
function chunks(png: Buffer) {
  const found: { type: string; data: Buffer; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    found.push({ type, data, crcOk: crc === crc32(png.subarray(at + 4, at + 8 + length)) >>> 0 });
    at += 12 + length;
  }
  return found;
}

describe('photoPng', () => {
  it('is a valid PNG: signature, IHDR, IDAT and IEND with their CRCs', () => {
    const png = photoPng(seeded(1));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const found = chunks(png);
    expect(found.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(found.every((c) => c.crcOk)).toBe(true);
    const ihdr = found[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([64, 48, 8, 2]);
    expect(inflateSync(found[1]!.data).length).toBe(48 * (1 + 64 * 3));
    expect(png.length).toBeLessThan(4096);
  });

  it('is recognised as image/png by its content, as the server checks photos', async () => {
    expect(await fileTypeFromBuffer(photoPng(seeded(2)))).toEqual({ ext: 'png', mime: 'image/png' });
  });

  it('is the same for the same seed, in another colour for another', () => {
    expect(photoPng(seeded(3)).equals(photoPng(seeded(3)))).toBe(true);
    expect(photoPng(seeded(3)).equals(photoPng(seeded(4)))).toBe(false);
  });
});
