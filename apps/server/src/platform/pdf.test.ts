import { describe, expect, it } from 'vitest';
import { pdfText, pdfTextItems } from '../test/pdf-text.ts';
import { createPdf, text } from './pdf.ts';

/** A one-page PDF of these paragraphs, and its text as a reader extracts it. */
async function written(...paragraphs: Parameters<typeof text>[1][]) {
  const { doc, done } = createPdf({ info: { Title: 'Paragraphs' } });
  for (const p of paragraphs) text(doc, p);
  doc.end();
  const pdf = await done;
  return { pdf, text: await pdfText(pdf), items: await pdfTextItems(pdf) };
}

describe('platform/pdf text()', () => {
  it('writes Arabic shaped, right to left, so that it extracts in logical order', async () => {
    const { text: extracted } = await written('سلامة عبد الله', 'نص عربي');
    // Lam-alef and the beh-yeh ligature come out as the letters typed, not swapped.
    expect(extracted).toContain('سلامة عبد الله');
    expect(extracted).toContain('نص عربي');
  });

  it('right-aligns an Arabic paragraph and left-aligns a Latin one; a mixed line keeps its order', async () => {
    const { items, text: extracted } = await written('محمد العلي', 'Driver One', [
      { text: 'Driver: ', bold: true },
      { text: 'محمد العلي' },
    ]);
    const arabic = items.find((i) => i.str.includes('محمد'))!;
    const latin = items.find((i) => i.str === 'Driver One')!;
    // A4 is 595 pt wide with 48 pt margins: the Arabic paragraph ends at the right margin.
    expect(arabic.x + arabic.width).toBeCloseTo(595.28 - 48, 0);
    expect(latin.x).toBeCloseTo(48, 0);
    expect(extracted.replace(/\s+/g, ' ')).toContain('Driver: محمد العلي');
  });

  it('wraps a long right-to-left paragraph in reading order and keeps every word', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `كلمة${i}`);
    const { items } = await written(words.join(' '));
    const lines = [...new Set(items.map((i) => Math.round(i.y)))];
    expect(lines.length).toBeGreaterThan(1);
    const all = items.map((i) => i.str).join(' ');
    for (const w of ['كلمة0', 'كلمة59']) expect(all).toContain(w.slice(0, 4));
    // The first words are on the first line (the top one).
    const top = Math.max(...items.map((i) => i.y));
    expect(
      items
        .filter((i) => Math.round(i.y) === Math.round(top))
        .map((i) => i.str)
        .join(' '),
    ).toContain('كلمة');
  });

  it('shows Latin with accents, Greek and Cyrillic from the same call', async () => {
    const { text: extracted } = await written('Ångström Łódź — Ελληνικά кириллица');
    // Each script's font is a run of its own, which the reader may part with a space.
    expect(extracted.replace(/\s+/g, '')).toContain('ÅngströmŁódź—Ελληνικάкириллица');
  });
});
