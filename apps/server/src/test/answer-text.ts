import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { pdfText } from './pdf-text.ts';

/**
 * What a reader of an answer sees, as text: a JSON or text body as sent, every cell of a `.xlsx`
 * (its bytes are compressed, so a plain search would find nothing), the words of a PDF.
 */
export async function answerText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((sheet) =>
      sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? '')))),
    );
    return cells.join('\t');
  }
  if (type.includes('application/pdf')) return pdfText(res.rawPayload);
  return res.body;
}
