import { and, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, ZDriverImportRow } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { drivers, languages } from '../../db/schema/index.ts';
import type { CheckedRow, ImportArea } from '../../platform/import-routes.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { pick } from '../../platform/sheet.ts';
import { listVehicles } from '../vehicles/queries.ts';
import { insertDrivers, type TDriverValues } from './queries.ts';

type DriverImport = TDriverValues & { password: string | null };

const LABELS: Record<string, string> = {
  fname: 'First name',
  lname: 'Last name',
  email: 'E-mail',
  password: 'Password',
  hourly_rate: 'Hourly rate',
  language: 'Language',
};

export function driverImport(db: Db): ImportArea<DriverImport> {
  return {
    url: '/api/v1/drivers/import',
    tag: 'Drivers',
    noun: { one: 'driver', many: 'drivers' },

    async check(tenantId, rows) {
      const vehicleIds = new Map(
        (await listVehicles(db, tenantId)).map((v) => [v.reference.toLowerCase(), v.id]),
      );
      const languageCodes = new Map<string, string>();
      for (const l of await db.select().from(languages)) {
        languageCodes.set(l.code.toLowerCase(), l.code);
        languageCodes.set(l.name.toLowerCase(), l.code);
      }
      const fileEmails = rows
        .map((r) => pick(r.values, 'email', 'e-mail', 'mail').trim().toLowerCase())
        .filter(Boolean);
      const taken = new Set(
        fileEmails.length
          ? (
              await db
                .select({ email: sql<string>`lower(${drivers.email})` })
                .from(drivers)
                .where(and(eq(drivers.archived, false), inArray(sql`lower(${drivers.email})`, fileEmails)))
            ).map((r) => r.email)
          : [],
      );
      const firstRowOf = new Map<string, number>();

      return rows.map(({ row, values }): CheckedRow<DriverImport> => {
        const fields = {
          fname: pick(values, 'first name', 'fname', 'firstname'),
          lname: pick(values, 'last name', 'lname', 'lastname', 'surname'),
          email: pick(values, 'email', 'e-mail', 'mail'),
          password: pick(values, 'password'),
          vehicle: pick(values, 'vehicle', 'bus', 'vehicle reference', 'reference'),
          hourly_rate: pick(values, 'hourly rate', 'rate'),
          language: pick(values, 'language', 'lang'),
        };
        const errors: string[] = [];
        const parsed = ZDriverImportRow.safeParse({ ...fields, language: fields.language || null });
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            errors.push(`${LABELS[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
          }
        }
        const email = fields.email.trim().toLowerCase();
        if (email && taken.has(email)) errors.push(`E-mail: ${MESSAGES.driver.emailTaken}`);
        const earlier = firstRowOf.get(email);
        if (email && earlier !== undefined) errors.push(`E-mail: the same as row ${earlier} of this file`);
        else if (email) firstRowOf.set(email, row);
        const busId = fields.vehicle ? vehicleIds.get(fields.vehicle.toLowerCase()) : null;
        if (busId === undefined) errors.push(`Vehicle: no vehicle with reference ${fields.vehicle}`);
        const language = fields.language ? languageCodes.get(fields.language.toLowerCase()) : null;
        if (language === undefined) errors.push(`Language: ${fields.language} is not in the languages list`);
        if (errors.length > 0 || !parsed.success)
          return { row, fields: { ...fields, password: fields.password ? '••••' : '' }, errors };
        const d = parsed.data;
        return {
          row,
          fields: { ...fields, password: fields.password ? '••••' : '' },
          errors,
          value: {
            fname: d.fname,
            lname: d.lname,
            email: d.email,
            busId: busId ?? null,
            hourlyRate: d.hourly_rate,
            language: language ?? null,
            password: d.password,
          },
        };
      });
    },

    async write(tenantId, values) {
      const rows = await Promise.all(
        values.map(async ({ password, ...v }) => ({
          ...v,
          // An empty hash matches no password: the driver cannot sign in until an admin sets one.
          passwordHash: password ? await hashPassword(password) : '',
        })),
      );
      // One multi-row INSERT: every row is written, or none.
      return (await insertDrivers(db, tenantId, rows)).length;
    },
  };
}
