import { DateTime } from 'luxon';
import {
  FINE_STATUS,
  pluralize,
  tripFlagText,
  tripStatusText,
  type TTerms,
  type TTripRow,
} from '@fleet/contract';
import { createPdf, ensureSpace, rule, text } from '../../platform/pdf.ts';

export interface TTripReportContext {
  trip: TTripRow;
  terms: TTerms;
  tenantName: string;
  namat: boolean;
  /** IANA zone the times are written in (the tenant's `time_zone`). */
  timeZone: string;
  /** The driver's vehicle (trips do not record one, so it is the driver's current vehicle). */
  vehicle: { reference: string; brand: string; model: string } | null;
}

const MARGIN = 48;
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';

/**
 * The PDF report of one trip: who, what and where, every stop in order with its planned and actual
 * times and its tasks with their approvals, then the fines and accidents linked to the trip.
 * Times are written in the tenant's time zone, named on the first page. Written through the shared
 * PDF setup (`platform/pdf.ts`), so names, terms and places in Arabic show shaped, right to left.
 */
export function buildTripReport(ctx: TTripReportContext): Promise<Buffer> {
  const { trip, terms } = ctx;
  const { doc, done } = createPdf({
    margin: MARGIN,
    info: {
      Title: `${terms.trip} report #${trip.id}`,
      Author: ctx.tenantName,
      Subject: `${terms.trip} ${trip.id}`,
    },
  });

  const at = (utc: string | null) =>
    utc ? DateTime.fromSQL(utc, { zone: 'utc' }).setZone(ctx.timeZone).toFormat('yyyy-MM-dd HH:mm') : '—';
  const heading = (title: string) => {
    ensureSpace(doc, 140);
    doc.moveDown(0.8);
    text(doc, title, { size: 13, bold: true, color: INK });
    rule(doc, RULE);
  };
  // The report is laid out left to right; an Arabic name or place inside a line reads right to left.
  const ltr = { direction: 'ltr' } as const;
  const field = (label: string, value: string) =>
    text(
      doc,
      [
        { text: `${label}: `, bold: true, color: MUTED },
        { text: value, color: INK },
      ],
      ltr,
    );
  // A paragraph indented as a whole.
  const indented = (line: string, color = MUTED) =>
    text(doc, line, { ...ltr, x: MARGIN + 14, size: 9.5, color });
  const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
  const minutes = (v: number | null) => (v === null ? '—' : `${v} min`);

  // Title block
  text(doc, `${terms.trip} report #${trip.id}`, { ...ltr, size: 20, bold: true, color: INK });
  text(
    doc,
    `${ctx.tenantName} · times in ${ctx.timeZone} · generated ${at(new Date().toISOString().slice(0, 19).replace('T', ' '))}`,
    { ...ltr, color: MUTED },
  );

  heading('Summary');
  const driver = trip.driver ? `${trip.driver.fname} ${trip.driver.lname}` : 'N/A';
  field(terms.driver, driver);
  field(
    terms.bus,
    ctx.vehicle ? `${ctx.vehicle.reference} (${ctx.vehicle.brand} ${ctx.vehicle.model})` : 'None assigned',
  );
  field('Type', trip.type?.title ?? '—');
  field(
    terms.warehouse,
    trip.warehouse
      ? `${trip.warehouse.title} (${trip.warehouse.lat.toFixed(5)}, ${trip.warehouse.lon.toFixed(5)})`
      : '—',
  );
  field('Planned start', at(trip.start_date));
  field('Started', at(trip.started_date));
  field('Ended', at(trip.ended_date));
  field('Status', `${tripFlagText(trip, ctx.namat)}, ${tripStatusText(trip.status)}`);
  if (trip.departure_time_range !== null) field('Departure time range', minutes(trip.departure_time_range));
  if (trip.expected_length !== null) field('Planned length', minutes(trip.expected_length));
  field('Note', trip.note ?? 'No note to display');

  heading(`${pluralize(terms.destination)} (${trip.destinations.length})`);
  for (const [i, stop] of trip.destinations.entries()) {
    ensureSpace(doc, 160);
    const student = [stop.student_fname, stop.student_lname].filter(Boolean).join(' ');
    text(
      doc,
      `${i + 1}. ${stop.destination_name ?? `Unknown ${terms.destination}`}${student ? ` (${student})` : ''}`,
      { ...ltr, size: 11, bold: true, color: INK },
    );
    indented(
      `Planned arrival ${at(stop.expected_arrival_date)} · departure ${at(stop.expected_departure_date)}`,
    );
    indented(`Actual arrival ${at(stop.arrived_date)} · departure ${at(stop.departed_date)}`);
    indented(
      `Driving ${minutes(stop.driving_time)} (range ${minutes(stop.driving_time_range)}) · staying ${minutes(stop.staying_time)} (range ${minutes(stop.staying_time_range)})`,
    );
    if (!stop.tasks.length) indented('No Tasks Assigned');
    for (const task of stop.tasks) {
      indented(
        `• ${task.description}${task.order_id ? ` (order ${task.order_id})` : ''} — client approval ${yesNo(task.client_approval)}, manager approval ${yesNo(task.manager_approval)}, priority ${task.priority}${task.note ? `; ${task.note}` : ''}`,
        INK,
      );
    }
    doc.moveDown(0.4);
  }

  const list = <T>(title: string, items: T[], empty: string, line: (item: T) => string) => {
    heading(`${title} (${items.length})`);
    if (!items.length) text(doc, empty, { ...ltr, color: MUTED });
    for (const item of items) text(doc, line(item), { ...ltr, color: INK });
  };
  list(
    'Fines',
    trip.fines,
    'No fines.',
    (f) =>
      `${at(f.issued_date)} · ${f.amount.toFixed(2)} ${terms.currency.symbol} · ${FINE_STATUS[f.status] ?? 'Unknown'} · ${f.description}`,
  );
  list(
    'Accidents',
    trip.accidents,
    'No accidents.',
    (a) => `${at(a.created_date)} · ${a.location ?? '—'} · ${a.description ?? ''}`,
  );

  doc.end();
  return done;
}
