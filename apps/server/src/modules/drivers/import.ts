import { MESSAGES, TRACKER_MESSAGES, ZDriverImportRow } from '@fleet/contract';
import type { CheckedRow } from '../../platform/import-routes.ts';
import { pick, type SheetRow } from '../../platform/sheet.ts';
import type { TDriverValues } from './queries.ts';
import { trackerDigest } from '../../platform/tracker-ids.ts';

export type TDriverImport = TDriverValues & { password: string | null };

const LABELS: Record<string, string> = {
  fname: 'First name',
  lname: 'Last name',
  email: 'E-mail',
  password: 'Password',
  hourly_rate: 'Hourly rate',
  language: 'Language',
  device_id: 'Tracker ID',
};

/** The e-mail a row gives, whatever its column is called. */
export const rowEmail = (values: SheetRow['values']) => pick(values, 'email', 'e-mail', 'mail');
/** The tracker id a row gives, whatever its column is called. */
export const rowDeviceId = (values: SheetRow['values']) =>
  pick(values, 'tracker id', 'device id', 'device_id', 'deviceid');

/** What the rows are checked against, read by the service before the check. */
export interface TDriverImportLookups {
  /** The tenant's live vehicles: lower-case reference → id. */
  vehicleIds: ReadonlyMap<string, number>;
  /** Lower-case language code or name → code. */
  languageCodes: ReadonlyMap<string, string>;
  /** Lower-case e-mails of the file that live drivers already sign in with. */
  takenEmails: ReadonlySet<string>;
  /** Tracker IDs of the file that live drivers already report with (found by their digests). */
  takenDeviceIds: ReadonlySet<string>;
  /** Tracker IDs of the file too easy to guess, with the reason (judged with the server's word lists). */
  weakDeviceIds: ReadonlyMap<string, string>;
  /** Why a password is too weak for this driver (contract/password-strength.ts), or null. */
  passwordWeakness: (
    password: string,
    driver: { email: string; fname: string; lname: string },
  ) => string | null;
}

/**
 * The rules of one driver import, row by row: the driver's own shape, a password that is hard to
 * guess and not made of the driver's e-mail or names or the tenant's name, an e-mail no live driver
 * of the tenant has and none repeated within the file, a vehicle of the tenant by its reference, a
 * language of the list by code or name, and a Tracker ID (optional) hard to guess that no live
 * driver has and none repeated within the file. Passwords are never echoed.
 */
export function checkDriverRows(
  rows: SheetRow[],
  lookups: TDriverImportLookups,
): CheckedRow<TDriverImport>[] {
  const firstRowOf = new Map<string, number>();
  const firstRowOfDevice = new Map<string, number>();
  return rows.map(({ row, values }): CheckedRow<TDriverImport> => {
    const fields = {
      fname: pick(values, 'first name', 'fname', 'firstname'),
      lname: pick(values, 'last name', 'lname', 'lastname', 'surname'),
      email: rowEmail(values),
      password: pick(values, 'password'),
      vehicle: pick(values, 'vehicle', 'bus', 'vehicle reference', 'reference'),
      hourly_rate: pick(values, 'hourly rate', 'rate'),
      language: pick(values, 'language', 'lang'),
      device_id: rowDeviceId(values),
    };
    const errors: string[] = [];
    const parsed = ZDriverImportRow.safeParse({
      ...fields,
      language: fields.language || null,
      device_id: fields.device_id || null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push(`${LABELS[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
      }
    }
    const lengthRefused = parsed.error?.issues.some((issue) => issue.path[0] === 'password');
    const weakness =
      fields.password && !lengthRefused ? lookups.passwordWeakness(fields.password, fields) : null;
    if (weakness) errors.push(`${LABELS.password}: ${weakness}`);
    const email = fields.email.trim().toLowerCase();
    if (email && lookups.takenEmails.has(email)) errors.push(`E-mail: ${MESSAGES.driver.emailTaken}`);
    const earlier = firstRowOf.get(email);
    if (email && earlier !== undefined) errors.push(`E-mail: the same as row ${earlier} of this file`);
    else if (email) firstRowOf.set(email, row);
    const deviceId = fields.device_id.trim();
    const trackerWeakness = lookups.weakDeviceIds.get(deviceId);
    // The row's schema checked the form and the plain strength already; the word lists add to it.
    if (deviceId && trackerWeakness && !errors.some((e) => e.startsWith(`${LABELS.device_id}:`)))
      errors.push(`${LABELS.device_id}: ${trackerWeakness}`);
    if (deviceId && lookups.takenDeviceIds.has(deviceId))
      errors.push(`${LABELS.device_id}: ${TRACKER_MESSAGES.idUnavailable}`);
    const earlierDevice = firstRowOfDevice.get(deviceId);
    if (deviceId && earlierDevice !== undefined)
      errors.push(`${LABELS.device_id}: the same as row ${earlierDevice} of this file`);
    else if (deviceId) firstRowOfDevice.set(deviceId, row);
    const busId = fields.vehicle ? lookups.vehicleIds.get(fields.vehicle.toLowerCase()) : null;
    if (busId === undefined) errors.push(`Vehicle: no vehicle with reference ${fields.vehicle}`);
    const language = fields.language ? lookups.languageCodes.get(fields.language.toLowerCase()) : null;
    if (language === undefined) errors.push(`Language: ${fields.language} is not in the languages list`);
    const shown = { ...fields, password: fields.password ? '••••' : '' };
    if (errors.length > 0 || !parsed.success) return { row, fields: shown, errors };
    const d = parsed.data;
    return {
      row,
      fields: shown,
      errors,
      value: {
        fname: d.fname,
        lname: d.lname,
        email: d.email,
        busId: busId ?? null,
        hourlyRate: d.hourly_rate,
        language: language ?? null,
        tracker: d.device_id ? { digest: trackerDigest(d.device_id), kind: 'custom' } : null,
        password: d.password,
      },
    };
  });
}
