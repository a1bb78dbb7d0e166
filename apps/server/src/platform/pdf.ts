import fs from 'node:fs';
import { createRequire } from 'node:module';
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/*
 * Every PDF the product writes starts here (decision 0029). `createPdf()` opens an A4 document whose
 * fonts carry Latin and Arabic glyphs (Noto Sans and IBM Plex Sans Arabic, shipped by @fontsource), and
 * `text()` writes a paragraph of any mix of scripts:
 *
 * - each character is set in the first font of the chain that has its glyph (the Latin subset, then
 *   Latin Extended, Arabic, Greek, Cyrillic, Vietnamese), so a name in any of them shows;
 * - the paragraph's direction is its first strong character's (an Arabic name alone reads right to
 *   left and is right-aligned; "Driver: <Arabic name>" is a left-to-right line holding an RTL run),
 *   unless `direction` says otherwise;
 * - lines are wrapped in logical order, then each line is reordered for display with the Unicode
 *   Bidirectional Algorithm (bidi-js): pdfkit (fontkit) shapes Arabic into its joined forms but
 *   reorders nothing itself;
 * - each right-to-left run is handed to fontkit in logical order, which shapes it and lays its
 *   glyphs out right to left, so the page's text extracts in logical order (what a reader copies
 *   or searches), while it shows right to left.
 *
 * The API is small on purpose: `createPdf`, `text`, `textWidth`, `rule`, `ensureSpace`. Draw
 * lines and shapes with pdfkit's own calls on `doc`; write words only through `text`.
 */

const require = createRequire(import.meta.url);
const bidi = bidiFactory();

export type PdfDoc = PDFKit.PDFDocument;
export type TWeight = 'regular' | 'bold';

/** The font files of each weight, in the order a character's font is looked for. */
const SUBSETS = [
  ['noto-sans', 'latin'],
  ['noto-sans', 'latin-ext'],
  ['ibm-plex-sans-arabic', 'arabic'],
  ['noto-sans', 'greek'],
  ['noto-sans', 'cyrillic'],
  ['noto-sans', 'vietnamese'],
] as const;
const WEIGHTS: Record<TWeight, number> = { regular: 400, bold: 700 };

interface TFace {
  /** The name registered with pdfkit. */
  name: string;
  path: string;
  has(codePoint: number): boolean;
  /** A font of a right-to-left script. */
  rtl: boolean;
  /** Ascent and descent per point of size. */
  ascent: number;
  descent: number;
}

let faces: Record<TWeight, TFace[]> | undefined;

/** The font chain of each weight, read once per process. */
function fontFaces(): Record<TWeight, TFace[]> {
  if (faces) return faces;
  const read = (weight: TWeight): TFace[] =>
    SUBSETS.map(([family, subset]) => {
      const path = require.resolve(
        `@fontsource/${family}/files/${family}-${subset}-${WEIGHTS[weight]}-normal.woff`,
      );
      const font = fontkit.create(fs.readFileSync(path));
      const set = new Set(font.characterSet);
      return {
        name: `${family}-${subset}-${weight}`,
        path,
        has: (cp: number) => set.has(cp),
        rtl: subset === 'arabic',
        ascent: font.ascent / font.unitsPerEm,
        descent: -font.descent / font.unitsPerEm,
      };
    });
  faces = { regular: read('regular'), bold: read('bold') };
  return faces;
}

export interface TPdfInfo {
  Title: string;
  Author?: string;
  Subject?: string;
}

/**
 * A new A4 PDF with the product's fonts registered (Noto Sans with IBM Plex Sans Arabic, regular and
 * bold) and `done`, the finished file once `doc.end()` is called.
 */
export function createPdf(options: { info: TPdfInfo; margin?: number; size?: string }): {
  doc: PdfDoc;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: options.size ?? 'A4',
    margin: options.margin ?? 48,
    info: options.info,
    displayTitle: true,
    lang: 'en',
  });
  const chain = fontFaces();
  for (const face of [...chain.regular, ...chain.bold]) doc.registerFont(face.name, face.path);
  doc.font(chain.regular[0]!.name);
  const end = doc.end.bind(doc);
  doc.end = () => {
    readableLigatures(doc);
    return end();
  };
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * A ligature of a right-to-left run (lam-alef, or a beh-yeh a font joins) is one glyph for two
 * letters. pdfkit maps each glyph to its letters in logical order, but a reader extracting text
 * reverses a right-to-left line as a whole, so those two letters would come out swapped
 * ("سلام" → "سالم"). Before the fonts are written, the letters of the right-to-left fonts'
 * ligatures are given in display order, so the extracted text reads in logical order.
 * (pdfkit's fonts by name: `_fontFamilies`, each with its glyph-to-letters `unicode` table.)
 */
function readableLigatures(doc: PdfDoc): void {
  const families = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })
    ._fontFamilies;
  const chain = fontFaces();
  for (const face of [...chain.regular, ...chain.bold]) {
    if (!face.rtl) continue;
    const table = families[face.name]?.unicode;
    if (!table) continue;
    for (let gid = 0; gid < table.length; gid++) {
      const letters = table[gid];
      if (letters && letters.length > 1) table[gid] = [...letters].reverse();
    }
  }
}

/** A piece of a paragraph in its own weight or colour. */
export interface TSpan {
  text: string;
  bold?: boolean;
  color?: string;
}

export interface TTextOptions {
  /** Point size; 10 by default. */
  size?: number;
  bold?: boolean;
  /** Colour of spans that name none; black by default. */
  color?: string;
  /** Left edge; the page's left margin by default. */
  x?: number;
  /** Top of the first line; the current `doc.y` by default. */
  y?: number;
  /** Width of the lines; up to the right margin by default. */
  width?: number;
  /**
   * Where lines sit: `start` (left in a left-to-right paragraph, right in a right-to-left one; the
   * default), `end`, `left`, `right` or `center`.
   */
  align?: 'start' | 'end' | 'left' | 'right' | 'center';
  /** The paragraph's base direction: from its first strong character unless given. */
  direction?: 'auto' | 'ltr' | 'rtl';
  /** Extra space under the paragraph, in points. */
  gap?: number;
}

/** One run of a line as drawn: characters of one font, style and direction. */
interface TRun {
  /** Text handed to pdfkit (logical order for a run fontkit turns itself, else visual). */
  text: string;
  face: TFace;
  color: string;
  width: number;
  /** The run's characters are shaped and laid out right to left by fontkit. */
  shaped: boolean;
}

const isSpace = (ch: string) => ch === ' ' || ch === '\t' || ch === '\u00a0';
const STRONG_RTL = new Set(['R', 'AL']);

/** The width of `text` in one face at `size`, shaped as it will be drawn. */
function runWidth(doc: PdfDoc, face: TFace, size: number, text: string): number {
  return doc.font(face.name).fontSize(size).widthOfString(text, { features: [] });
}

/** Per character of the paragraph: its style (span) and face. */
function styleOf(spans: TSpan[], options: TTextOptions) {
  const chain = fontFaces();
  let textAll = '';
  const styles: { bold: boolean; color: string }[] = [];
  for (const span of spans) {
    const style = {
      bold: span.bold ?? options.bold ?? false,
      color: span.color ?? options.color ?? '#000000',
    };
    for (const unit of span.text) {
      textAll += unit;
      // One entry per UTF-16 unit, so indices match the string's.
      for (let k = 0; k < unit.length; k++) styles.push(style);
    }
  }
  const facesOf: TFace[] = [];
  for (let i = 0; i < textAll.length; i++) {
    const cp = textAll.codePointAt(i)!;
    const fonts = chain[styles[i]!.bold ? 'bold' : 'regular'];
    const previous = facesOf[i - 1];
    let face: TFace;
    if (i > 0 && textAll.charCodeAt(i - 1) >= 0xd800 && textAll.charCodeAt(i - 1) < 0xdc00) {
      face = previous!; // the second half of a surrogate pair
    } else if (
      previous &&
      (isSpace(textAll[i]!) || /\p{P}/u.test(textAll[i]!)) &&
      previous.has(cp) &&
      fonts.includes(previous)
    ) {
      face = previous; // spaces and punctuation stay in the run they are in
    } else {
      face = fonts.find((f) => f.has(cp)) ?? fonts[0]!;
    }
    facesOf.push(face);
  }
  return { text: textAll, styles, facesOf };
}

/**
 * Writes a paragraph (a string, or spans of their own weight and colour) in any mix of scripts:
 * shaped, each run in its direction, wrapped to `width`, a new page taken when the bottom margin is
 * reached. Moves `doc.y` under it (and `doc.x` back to `x`). Line breaks in the text start new lines;
 * each line of the text is a paragraph of its own direction.
 */
export function text(doc: PdfDoc, content: string | TSpan[], options: TTextOptions = {}): void {
  const spans = typeof content === 'string' ? [{ text: content }] : content;
  const size = options.size ?? 10;
  const x = options.x ?? doc.page.margins.left;
  const width = options.width ?? doc.page.width - doc.page.margins.right - x;
  const latin = fontFaces().regular[0]!;
  const lineHeight = size * (latin.ascent + latin.descent) * 1.05;
  let y = options.y ?? doc.y;

  const all = styleOf(spans, options);
  let offset = 0;
  for (const paragraph of all.text.split('\n')) {
    const from = offset;
    offset += paragraph.length + 1;
    const facesOf = all.facesOf.slice(from, from + paragraph.length);
    const styles = all.styles.slice(from, from + paragraph.length);
    const levels = bidi.getEmbeddingLevels(paragraph, options.direction ?? 'auto');
    const rtl = (levels.paragraphs[0]?.level ?? 0) % 2 === 1;
    for (const [start, end] of wrap(doc, paragraph, facesOf, size, width)) {
      if (y + lineHeight > doc.page.height - doc.page.margins.bottom && y > doc.page.margins.top) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const runs = lineRuns(doc, paragraph, levels, facesOf, styles, start, end, size);
      const lineWidth = runs.reduce((sum, r) => sum + r.width, 0);
      const align = options.align ?? 'start';
      const right = align === 'right' || (align === 'start' && rtl) || (align === 'end' && !rtl);
      let runX = align === 'center' ? x + (width - lineWidth) / 2 : right ? x + width - lineWidth : x;
      const baseline = y + size * latin.ascent;
      for (const run of runs) {
        doc.font(run.face.name).fontSize(size).fillColor(run.color).text(run.text, runX, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          // Laid out whole (pdfkit otherwise lays out word by word, which would put the words
          // of a right-to-left run in left-to-right order).
          features: [],
        });
        runX += run.width;
      }
      y += lineHeight;
    }
  }
  doc.x = x;
  doc.y = y + (options.gap ?? 0);
}

/** The width a single line of `content` takes (no wrapping), for laying out columns. */
export function textWidth(
  doc: PdfDoc,
  content: string,
  options: { size?: number; bold?: boolean } = {},
): number {
  const size = options.size ?? 10;
  const { facesOf } = styleOf([{ text: content }], options);
  return measure(doc, content, facesOf, size, 0, content.length);
}

/** Width of the logical slice [start, end): the sum of its same-face pieces. */
function measure(
  doc: PdfDoc,
  textAll: string,
  facesOf: TFace[],
  size: number,
  start: number,
  end: number,
): number {
  let sum = 0;
  let i = start;
  while (i < end) {
    let j = i + 1;
    while (j < end && facesOf[j] === facesOf[i]) j++;
    sum += runWidth(doc, facesOf[i]!, size, textAll.slice(i, j));
    i = j;
  }
  return sum;
}

/**
 * Lines of a paragraph as logical [start, end) ranges, trailing spaces left out: words are added
 * while they fit; a word wider than the line is cut where it must be.
 */
function wrap(
  doc: PdfDoc,
  paragraph: string,
  facesOf: TFace[],
  size: number,
  width: number,
): [number, number][] {
  if (!paragraph.length) return [[0, 0]];
  const words: [number, number][] = [];
  const re = /[^ \t]+[ \t]*|[ \t]+/g;
  for (let m = re.exec(paragraph); m; m = re.exec(paragraph)) words.push([m.index, m.index + m[0].length]);
  const lines: [number, number][] = [];
  let lineStart = -1;
  let lineEnd = -1;
  const trimmed = (s: number, e: number) => {
    while (e > s && isSpace(paragraph[e - 1]!)) e--;
    return e;
  };
  for (const [ws, we] of words) {
    if (lineStart < 0) {
      lineStart = ws;
      lineEnd = we;
    } else if (measure(doc, paragraph, facesOf, size, lineStart, trimmed(lineStart, we)) <= width) {
      lineEnd = we;
    } else {
      lines.push([lineStart, trimmed(lineStart, lineEnd)]);
      lineStart = ws;
      lineEnd = we;
    }
    // A word wider than the line on its own: cut it into pieces that fit.
    while (measure(doc, paragraph, facesOf, size, lineStart, trimmed(lineStart, lineEnd)) > width) {
      let cut = lineStart + 1;
      while (cut < lineEnd && measure(doc, paragraph, facesOf, size, lineStart, cut + 1) <= width) cut++;
      lines.push([lineStart, cut]);
      lineStart = cut;
    }
  }
  if (lineStart >= 0) lines.push([lineStart, trimmed(lineStart, lineEnd)]);
  return lines;
}

/** The runs of one line in display order, left to right. */
function lineRuns(
  doc: PdfDoc,
  paragraph: string,
  levels: EmbeddingLevels,
  facesOf: TFace[],
  styles: { color: string }[],
  start: number,
  end: number,
  size: number,
): TRun[] {
  if (end <= start) return [];
  // Display order of the line's characters (UBA rule L2).
  const order = Array.from({ length: end - start }, (_, k) => start + k);
  for (const [s = start, e = start - 1] of bidi.getReorderSegments(paragraph, levels, start, end - 1)) {
    order.splice(s - start, e - s + 1, ...order.slice(s - start, e - start + 1).reverse());
  }
  const mirrored = bidi.getMirroredCharactersMap(paragraph, levels.levels, start, end - 1);
  const runs: TRun[] = [];
  let k = 0;
  while (k < order.length) {
    const first = order[k]!;
    const level = levels.levels[first]!;
    const rtl = level % 2 === 1;
    let m = k + 1;
    while (
      m < order.length &&
      levels.levels[order[m]!] === level &&
      facesOf[order[m]!] === facesOf[first] &&
      styles[order[m]!]!.color === styles[first]!.color &&
      order[m]! === order[m - 1]! + (rtl ? -1 : 1)
    )
      m++;
    const indices = order.slice(k, m);
    const logical = rtl ? [...indices].reverse() : indices;
    // Brackets of a right-to-left run are mirrored ("(" shows as ")"); fontkit does not.
    const glyph = (i: number) => mirrored.get(i) ?? paragraph[i]!;
    const logicalText = logical.map(glyph).join('');
    // fontkit lays out runs of a right-to-left script right to left itself; any other run of a
    // right-to-left level (spaces, punctuation) is given in display order.
    const shaped = rtl && [...logicalText].some((ch) => STRONG_RTL.has(bidi.getBidiCharTypeName(ch)));
    const drawn = !rtl || shaped ? logicalText : indices.map(glyph).join('');
    const face = facesOf[first]!;
    runs.push({
      text: drawn,
      face,
      color: styles[first]!.color,
      width: runWidth(doc, face, size, drawn),
      shaped,
    });
    k = m;
  }
  return runs;
}

/** A thin horizontal line across the text width at the current `doc.y`, then a little space. */
export function rule(doc: PdfDoc, color = '#cbd2d9'): void {
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
  doc.y = y + 6;
}

/** Starts a new page unless `points` of height are left above the bottom margin. */
export function ensureSpace(doc: PdfDoc, points: number): void {
  if (doc.y + points > doc.page.height - doc.page.margins.bottom) doc.addPage();
}
