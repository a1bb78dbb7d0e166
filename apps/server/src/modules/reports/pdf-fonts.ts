/*
 * The fonts of the reports' PDFs, chosen in one place. The product's PDFs are moving to one shared
 * font setup (so every PDF can write Arabic names); when it lands, this returns its fonts and
 * nothing else in this module changes: every text of the finance files names `regular` or `bold`.
 */

export interface TReportFonts {
  regular: string;
  bold: string;
}

/** The fonts to write a report's text with in `doc`. */
export function reportFonts(_doc: PDFKit.PDFDocument): TReportFonts {
  return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
}
