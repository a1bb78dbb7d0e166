import { z } from 'zod';
import { zDateBound } from './dates.ts';

/*
 * Exports (issue 16). `GET /api/v1/trips/export` answers the .xlsx of a range directly, up to
 * EXPORT_LIMIT trips; a larger range is refused (409) with a message offering the background
 * export. Background exports:
 *   POST /api/v1/exports              {kind: 'trips', fdate?, tdate?, search?} → the job (202)
 *   GET  /api/v1/exports/{id}         the job: status, rows written of the total, file name
 *   GET  /api/v1/exports/{id}/file    the finished file (.xlsx)
 * A job is seen only by the admin who started it, in their tenant (anyone else: 404). Its file is
 * kept EXPORT_KEEP_HOURS, then removed with the job.
 */

/** The most rows a direct (synchronous) export holds; larger ranges go to a background export. */
export const EXPORT_LIMIT = 20_000;
/** How long a background export's file is kept. */
export const EXPORT_KEEP_HOURS = 24;
/** Background exports one admin may have queued or running at once; one more is refused (429). */
export const EXPORT_UNFINISHED_PER_ADMIN = 3;
/** How often the console asks for a running export's progress. */
export const EXPORT_POLL_MS = 1000;

export const EXPORT_KINDS = ['trips'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type TExportStatus = (typeof EXPORT_STATUSES)[number];

const count = (n: number) => n.toLocaleString('en-US');

export const EXPORT_MESSAGES = {
  /** The direct export's refusal of a range over the limit. */
  tooLarge: (things: string, total: number | null) =>
    `${total === null ? `This range holds more than ${count(EXPORT_LIMIT)}` : `This range holds ${count(total)}`} ${things}: a direct export holds at most ${count(EXPORT_LIMIT)}. Start a background export (POST /api/v1/exports) and download the file when it is ready.`,
  /** A list's direct export (no background export) over the limit. */
  listTooLarge: (things: string) =>
    `More than ${count(EXPORT_LIMIT)} ${things} match: an export holds at most ${count(EXPORT_LIMIT)}. Narrow the dates or the search and export again.`,
  started: 'The export has started: the file will be ready to download shortly.',
  busy: `You have ${EXPORT_UNFINISHED_PER_ADMIN} exports being prepared: wait for one to finish before starting another.`,
  notReady: 'The export is not finished yet.',
  interrupted: 'The export stopped when the server restarted. Start it again.',
  failed: 'The export failed. Try again, or export a shorter range.',
  fileGone: 'The export file is no longer available. Start the export again.',
} as const;

/** `POST /api/v1/exports`: what to export, with the list's filter. */
export const ZExportStart = z.object({
  kind: z.enum(EXPORT_KINDS, { error: 'kind must be trips' }),
  fdate: zDateBound().optional(),
  tdate: zDateBound().optional(),
  search: z.string().trim().max(100).optional(),
});
export type TExportStart = z.infer<typeof ZExportStart>;

/** A background export as its admin sees it. */
export const ZExportJob = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUSES),
  /** Rows written so far, of `rows_total` (null until counted). */
  rows_written: z.number().int(),
  rows_total: z.number().int().nullable(),
  file_name: z.string(),
  /** Why it failed (status failed). */
  error: z.string().nullable(),
  created_date: z.string(),
  finished_date: z.string().nullable(),
  /** When the file and the job are removed. */
  expires_date: z.string(),
  /** Where the finished file is downloaded (status done), same-origin with the session. */
  file_url: z.string().nullable(),
});
export type TExportJob = z.infer<typeof ZExportJob>;

export const exportFileUrl = (id: number) => `/api/v1/exports/${id}/file`;
