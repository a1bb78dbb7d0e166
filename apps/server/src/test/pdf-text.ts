import { createRequire } from 'node:module';
import path from 'node:path';

async function open(pdf: Buffer) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  return getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: fonts }).promise;
}

/** The text of every page of a PDF, joined, as a reader would extract it (pdf.js, Mozilla's PDF engine). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await open(pdf);
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** The text items of a PDF's first page as pdf.js extracts them, with where they sit (points, y upwards). */
export async function pdfTextItems(
  pdf: Buffer,
): Promise<{ str: string; x: number; y: number; width: number }[]> {
  const doc = await open(pdf);
  const content = await (await doc.getPage(1)).getTextContent();
  const items = content.items.flatMap((item) =>
    'str' in item && item.str.trim()
      ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }]
      : [],
  );
  await doc.destroy();
  return items;
}
