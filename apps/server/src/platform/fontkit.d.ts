/** The part of fontkit (pdfkit's font engine) that `pdf.ts` reads: a font's coverage and metrics. */
declare module 'fontkit' {
  export interface Font {
    characterSet: number[];
    ascent: number;
    descent: number;
    unitsPerEm: number;
  }
  export function create(buffer: Buffer): Font;
}
