import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { hoursAndMinutes, type TFinanceDayRow } from '@fleet/contract';
import { createPdf, ensureSpace, rule, text } from '../../platform/pdf.ts';

/*
 * The finance summary's files (spec 002 "Driver finance summary", "All-drivers finance summary";
 * decision 0028), built on the server from the database, never from rows a browser sends: a real
 * PDF (`platform/pdf.ts`) or a real `.xlsx` (exceljs). One driver's file holds their section; an all-drivers
 * file holds a summary of every driver first, then a section per driver: a page each in the PDF, a
 * sheet each in the workbook. Times are written on the tenant's clock, the zone named.
 */

export interface TFinanceSection {
  driverId: number;
  name: string;
  email: string;
  hourlyRate: number;
  days: TFinanceDayRow[];
  minutes: number;
  pay: number;
}

export interface TFinanceFile {
  tenantName: string;
  driverTerm: string;
  fdate: string;
  tdate: string;
  timeZone: string;
  currency: { name: string; symbol: string };
  sections: TFinanceSection[];
}

const hm = (minutes: number) => {
  const { hours, minutes: rest } = hoursAndMinutes(minutes);
  return `${hours} h ${String(rest).padStart(2, '0')} min`;
};
const money = (n: number) => n.toFixed(2);
const localTime = (utc: string, zone: string) =>
  DateTime.fromSQL(utc, { zone: 'utc' }).setZone(zone).toFormat('yyyy-MM-dd HH:mm');

/** The file's base name: `Finance summary {from} to {to}` (and the driver's name for one driver). */
export function financeFileName(file: TFinanceFile, ext: 'pdf' | 'xlsx'): string {
  const who =
    file.sections.length === 1 && file.sections[0]
      ? ` - ${file.sections[0].name.replace(/[^\p{L}\p{N} ._-]/gu, '').trim()}`
      : '';
  return `Finance summary ${file.fdate} to ${file.tdate}${who}.${ext}`;
}

const totalsOf = (file: TFinanceFile) => ({
  minutes: file.sections.reduce((n, s) => n + s.minutes, 0),
  pay: Math.round(file.sections.reduce((n, s) => n + Math.round(s.pay * 100), 0)) / 100,
});

// ---------- PDF ----------

const INK = '#1f2933';
const MUTED = '#616e7c';

/**
 * The finance PDF, written through the product's PDF module (`platform/pdf.ts`): Arabic names,
 * terms and places come out shaped and right to left, like every PDF of the product.
 */
export function buildFinancePdf(file: TFinanceFile): Promise<Buffer> {
  const { doc, done } = createPdf({
    info: { Title: `Finance summary ${file.fdate} to ${file.tdate}`, Author: file.tenantName },
  });
  const margin = doc.page.margins.left;
  const width = doc.page.width - 2 * margin;
  const cur = file.currency.name;

  const header = (title: string) => {
    // English lines with names in them: left to right whatever script a name is in.
    text(doc, title, { size: 16, bold: true, color: INK, gap: 2, direction: 'ltr' });
    // The tenant's name last: a right-to-left name followed by a date would take the date into its run.
    text(doc, `${file.fdate} to ${file.tdate} · times in ${file.timeZone} · ${cur} · ${file.tenantName}`, {
      color: MUTED,
      gap: 8,
      direction: 'ltr',
    });
  };
  /** One table row: each cell in its column (a long name wraps within it), the row as high as its tallest cell. */
  const row = (cells: string[], widths: number[], bold = false) => {
    ensureSpace(doc, 20);
    const y = doc.y;
    let x = margin;
    let bottom = y;
    cells.forEach((cell, i) => {
      const cellWidth = widths[i]!;
      if (cell && cellWidth > 0) {
        text(doc, cell, { x, y, width: cellWidth - 6, bold, color: INK, align: 'left' });
        bottom = Math.max(bottom, doc.y);
      }
      x += cellWidth;
    });
    doc.x = margin;
    doc.y = bottom + 3;
  };

  const totals = totalsOf(file);
  if (file.sections.length > 1) {
    header(`${file.driverTerm}s' finance summary`);
    const widths = [0.4, 0.2, 0.2, 0.2].map((f) => f * width);
    row([file.driverTerm, 'Working hours', `Hourly rate (${cur})`, `Pay (${cur})`], widths, true);
    rule(doc);
    for (const s of file.sections) row([s.name, hm(s.minutes), money(s.hourlyRate), money(s.pay)], widths);
    rule(doc);
    row(['Total', hm(totals.minutes), '', money(totals.pay)], widths, true);
  }
  file.sections.forEach((s, i) => {
    if (i > 0 || file.sections.length > 1) doc.addPage();
    header(`Finance summary: ${s.name}`);
    text(doc, `${file.driverTerm}: ${s.name} (${s.email})`, { color: INK, direction: 'ltr' });
    text(doc, `Hourly rate: ${money(s.hourlyRate)} ${cur}`, { color: INK, align: 'left', gap: 8 });
    const widths = [0.2, 0.27, 0.27, 0.26].map((f) => f * width);
    row(['Date', 'Starting Date', 'Ending Date', 'Total Working Hours'], widths, true);
    rule(doc);
    if (s.days.length === 0) row(['No worked time in these days.'], [width]);
    for (const d of s.days) {
      row(
        [
          d.date,
          localTime(d.StartingDate, file.timeZone),
          localTime(d.EndingDate, file.timeZone),
          hm(d.TotalWorkingHours),
        ],
        widths,
      );
    }
    rule(doc);
    row(['Total', '', '', hm(s.minutes)], widths, true);
    text(doc, `Pay: ${money(s.pay)} ${cur}`, {
      y: doc.y + 4,
      size: 11,
      bold: true,
      color: INK,
      align: 'left',
    });
    text(doc, `${s.minutes} min at ${money(s.hourlyRate)} ${cur} an hour`, { color: MUTED, align: 'left' });
  });
  doc.end();
  return done;
}

// ---------- Workbook ----------

const XLSX_INVALID = /[[\]:*?/\\]/g;

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique (a driver's id added when needed). */
function sheetName(name: string, id: number, used: Set<string>): string {
  let base = name.replace(XLSX_INVALID, ' ').trim().slice(0, 31) || `Driver ${id}`;
  if (used.has(base.toLowerCase())) base = `${base.slice(0, 31 - String(id).length - 3)} (${id})`;
  used.add(base.toLowerCase());
  return base;
}

export async function buildFinanceXlsx(file: TFinanceFile): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const cur = file.currency.name;
  const used = new Set<string>();
  const heading = (sheet: ExcelJS.Worksheet, title: string) => {
    sheet.addRow([title]).font = { bold: true, size: 14 };
    sheet.addRow(['Tenant', file.tenantName]);
    sheet.addRow(['Period', `${file.fdate} to ${file.tdate}`]);
    sheet.addRow(['Times in', file.timeZone]);
    sheet.addRow(['Currency', cur]);
  };
  const totals = totalsOf(file);
  if (file.sections.length > 1) {
    const sheet = book.addWorksheet(sheetName('Summary', 0, used));
    heading(sheet, `${file.driverTerm}s' finance summary`);
    sheet.addRow([]);
    sheet.addRow([file.driverTerm, 'E-mail', 'Minutes', 'Working hours', 'Hourly rate', 'Pay']).font = {
      bold: true,
    };
    for (const s of file.sections)
      sheet.addRow([s.name, s.email, s.minutes, hm(s.minutes), s.hourlyRate, s.pay]);
    sheet.addRow(['Total', '', totals.minutes, hm(totals.minutes), null, totals.pay]).font = { bold: true };
    sheet.columns.forEach((c, i) => (c.width = [28, 30, 10, 16, 12, 12][i]));
  }
  for (const s of file.sections) {
    const sheet = book.addWorksheet(sheetName(s.name, s.driverId, used));
    heading(sheet, `Finance summary: ${s.name}`);
    sheet.addRow([file.driverTerm, s.name]);
    sheet.addRow(['E-mail', s.email]);
    sheet.addRow(['Hourly rate', s.hourlyRate]);
    sheet.addRow([]);
    sheet.addRow(['Date', 'Starting Date', 'Ending Date', 'Minutes', 'Total Working Hours']).font = {
      bold: true,
    };
    for (const d of s.days) {
      sheet.addRow([
        d.date,
        localTime(d.StartingDate, file.timeZone),
        localTime(d.EndingDate, file.timeZone),
        d.TotalWorkingHours,
        hm(d.TotalWorkingHours),
      ]);
    }
    sheet.addRow(['Total', '', '', s.minutes, hm(s.minutes)]).font = { bold: true };
    sheet.addRow(['Pay', '', '', s.pay, cur]).font = { bold: true };
    sheet.columns.forEach((c, i) => (c.width = [14, 20, 20, 12, 20][i]));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
