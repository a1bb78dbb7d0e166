import {
  MESSAGES,
  SCHOOL_BUS_TYPE,
  type TDriverStudent,
  type TGuardian,
  type TNewGuardianInput,
  type TStudent,
  type TStudentValues,
} from '@fleet/contract';
import { emit, inTransaction, type TTenantContext } from '../../platform/context.ts';
import { AppError, uniqueViolationOn } from '../../platform/errors.ts';
import { assertPasswordStrong, hashPassword } from '../../platform/passwords.ts';
import { keysetChunks, type TListExportFile, type XlsxColumn } from '../../platform/xlsx.ts';
import { driverOf, findDriver } from '../drivers/service.ts';
import { addDestination, archiveDestination, findDestinations } from '../places/service.ts';
import { tenantProfile, type TTenantProfile } from '../settings/service.ts';
import {
  archiveStudentRow,
  guardianEmailsInUse,
  guardiansOfStudents,
  insertGuardians,
  insertStudent,
  linkGuardians,
  listDriverStudents,
  listGuardians,
  listStudents,
  childrenOfGuardian,
  studentsByIds,
  liveGuardianIds,
  type StudentFilter,
  type TStudentListRow,
} from './queries.ts';

/*
 * Students (spec 001 "Students", spec 000 §2 the driver details' Students tab): the pupils of a
 * school-bus tenant, the stop each boards at, the driver who carries them and their guardians. A
 * guardian is a parent's account of its own (an e-mail unique among live guardians everywhere, a
 * scrypt-hashed password, as admins and drivers have), so a guardian can sign in; a new one is made
 * with the student that names it, an existing one is linked. Deletes are archives. Only school-bus
 * tenants have students: every call but the driver details' tab refuses the others (403). The
 * module's door: routes, other modules, jobs and the seed call these functions only.
 */

/** The unique index that keeps a live guardian e-mail to one account (db/schema/records.ts). */
const GUARDIAN_EMAIL_INDEX = 'guardians_tenant_email_live_idx';

/** The tenant's profile, when it is a school-bus tenant; 403 for every other tenant type. */
async function schoolBusTenant(ctx: TTenantContext): Promise<TTenantProfile> {
  const profile = await tenantProfile(ctx);
  if (profile.type !== SCHOOL_BUS_TYPE) throw new AppError('FORBIDDEN', MESSAGES.students.schoolBusOnly);
  return profile;
}

const toGuardian = (g: { id: number; fname: string; lname: string; email: string }): TGuardian => ({
  id: g.id,
  fname: g.fname,
  lname: g.lname,
  email: g.email,
  full_name: `${g.fname} ${g.lname}`,
});

/** A pupil and the stop they board at. */
const toDriverStudent = (
  s: Pick<TStudentListRow, 'id' | 'fname' | 'lname' | 'stopName' | 'stopLat' | 'stopLon' | 'destinationId'>,
): TDriverStudent => ({
  id: s.id,
  fname: s.fname,
  lname: s.lname,
  stop_name: s.stopName,
  stop_lat: s.stopLat,
  stop_lon: s.stopLon,
  destination: s.destinationId === null ? null : { id: s.destinationId },
});

/** The API rows of these students, each with its live guardians. */
async function toStudents(ctx: TTenantContext, rows: TStudentListRow[]): Promise<TStudent[]> {
  const links = await guardiansOfStudents(
    ctx.db,
    ctx.tenantId,
    rows.map((r) => r.id),
  );
  const guardiansOf = new Map<number, TGuardian[]>();
  for (const link of links) {
    const list = guardiansOf.get(link.studentId) ?? [];
    list.push(toGuardian(link));
    guardiansOf.set(link.studentId, list);
  }
  return rows.map((s) => ({
    ...toDriverStudent(s),
    driver_id: s.driverId,
    driver:
      s.driverId === null || s.driverFname === null
        ? null
        : { id: s.driverId, fname: s.driverFname, lname: s.driverLname ?? '' },
    guardians: guardiansOf.get(s.id) ?? [],
  }));
}

/** The students a driver carries, by name (the driver must be the tenant's, archived or not). */
export async function driverStudents(ctx: TTenantContext, driverId: number): Promise<TDriverStudent[]> {
  await driverOf(ctx, driverId);
  return (await listDriverStudents(ctx.db, ctx.tenantId, driverId)).map(toDriverStudent);
}

/** The live students of a school-bus tenant by last then first name, with their driver and guardians. */
export async function students(ctx: TTenantContext, filter: Pick<StudentFilter, 'search'> = {}) {
  await schoolBusTenant(ctx);
  return toStudents(ctx, await listStudents(ctx.db, ctx.tenantId, { search: filter.search || undefined }));
}

/** The live guardians of a school-bus tenant, by last then first name: the student dialog's picker. */
export async function guardianList(ctx: TTenantContext): Promise<TGuardian[]> {
  await schoolBusTenant(ctx);
  return (await listGuardians(ctx.db, ctx.tenantId)).map(toGuardian);
}

const emailTaken = (index: number) =>
  new AppError('CONFLICT', MESSAGES.students.guardianEmailTaken, {}, [
    { path: `guardians.${index}.email`, message: MESSAGES.students.guardianEmailTaken },
  ]);

/** Where each new guardian sits in the list as sent, for the field errors. */
interface TNewGuardianAt extends TNewGuardianInput {
  index: number;
}

/**
 * The checks the guardians of a new student need beyond their shape: an existing guardian is a
 * live guardian of this tenant (another tenant's answers as one that does not exist); a new
 * guardian's e-mail is used by no other live guardian of this tenant (another tenant's are never
 * consulted, so the answer reveals none of them), nor twice in the list; a new password is hard to
 * guess and not made of the guardian's e-mail, names or the school's name. Answers the existing guardians' ids, each once.
 */
async function checkGuardians(
  ctx: TTenantContext,
  guardians: TStudentValues['guardians'],
  fresh: TNewGuardianAt[],
): Promise<number[]> {
  const picked = guardians.flatMap((g, index) => ('id' in g ? [{ id: g.id, index }] : []));
  const live = await liveGuardianIds(
    ctx.db,
    ctx.tenantId,
    picked.map((p) => p.id),
  );
  const unknown = picked.find((p) => !live.has(p.id));
  if (unknown) throw AppError.field(`guardians.${unknown.index}.id`, MESSAGES.students.guardianUnknown);

  const emails = fresh.map((g) => g.email.toLowerCase());
  const twice = emails.findIndex((e, i) => emails.indexOf(e) !== i);
  if (twice >= 0)
    throw AppError.field(`guardians.${fresh[twice]!.index}.email`, MESSAGES.students.guardianEmailTwice);
  const inUse = await guardianEmailsInUse(ctx.db, ctx.tenantId, emails);
  const taken = fresh.find((g) => inUse.has(g.email.toLowerCase()));
  if (taken) throw emailTaken(taken.index);
  const tenantName = fresh.length ? (await tenantProfile(ctx)).name : null;
  for (const g of fresh)
    await assertPasswordStrong(g.password, { ...g, tenantName }, `guardians.${g.index}.password`);
  return [...new Set(picked.map((p) => p.id))];
}

export interface TAddStudentOptions {
  /**
   * The hash every new guardian gets instead of their own password's: the demo seed hashes its one
   * documented demo password once rather than once per parent.
   */
  sharedPasswordHash?: string;
}

/**
 * Adds a student of a school-bus tenant with its guardians, in one transaction: new guardians get
 * accounts (scrypt-hashed passwords), existing ones are linked. The driver, when one is named, must
 * be a live driver of the tenant. Announces `student.created` and `guardian.created`.
 */
export async function addStudent(
  ctx: TTenantContext,
  values: TStudentValues,
  options: TAddStudentOptions = {},
): Promise<TStudent> {
  const profile = await schoolBusTenant(ctx);
  const driverId = values.driver_id ?? null;
  if (driverId !== null && !(await findDriver(ctx, driverId))) {
    throw AppError.field(
      'driver_id',
      MESSAGES.students.driverUnavailable(profile.terms.driver.toLowerCase()),
    );
  }
  const fresh: TNewGuardianAt[] = values.guardians.flatMap((g, index) =>
    'id' in g ? [] : [{ ...g, index }],
  );
  const existing = await checkGuardians(ctx, values.guardians, fresh);
  // One at a time: each scrypt hash takes about 32 MiB.
  const hashes: string[] = [];
  for (const g of fresh) hashes.push(options.sharedPasswordHash ?? (await hashPassword(g.password)));

  const id = await inTransaction(ctx, async (tx) => {
    // The bus stop is also one of the tenant's destinations, so trips can name it.
    const stop = await addDestination(tx, {
      name: values.stop_name,
      lat: values.stop_lat,
      lon: values.stop_lon,
    });
    const studentId = await insertStudent(tx.db, tx.tenantId, {
      fname: values.fname,
      lname: values.lname,
      stopName: values.stop_name,
      stopLat: values.stop_lat,
      stopLon: values.stop_lon,
      destinationId: stop.id,
      driverId,
    });
    let created: number[];
    try {
      created = await insertGuardians(
        tx.db,
        tx.tenantId,
        fresh.map((g, i) => ({ fname: g.fname, lname: g.lname, email: g.email, passwordHash: hashes[i]! })),
      );
    } catch (error) {
      // Another request took one of the e-mails since the check: the same answer the check gives.
      if (uniqueViolationOn(error) === GUARDIAN_EMAIL_INDEX) throw emailTaken(fresh[0]!.index);
      throw error;
    }
    await linkGuardians(tx.db, tx.tenantId, studentId, [...existing, ...created]);
    emit(tx, 'student.created', [studentId]);
    emit(tx, 'guardian.created', created);
    return studentId;
  });
  const [row] = await listStudents(ctx.db, ctx.tenantId, { id });
  return (await toStudents(ctx, [row!]))[0]!;
}

/** Archives a live student of a school-bus tenant (404 for another tenant's, as for a missing one). */
export async function archiveStudent(ctx: TTenantContext, id: number): Promise<void> {
  await schoolBusTenant(ctx);
  await inTransaction(ctx, async (tx) => {
    const archived = await archiveStudentRow(tx.db, tx.tenantId, id);
    if (!archived) throw new AppError('NOT_FOUND', MESSAGES.students.notFound);
    emit(tx, 'student.archived', [id]);
    // The stop goes with its pupil, unless an admin archived it already.
    if (archived.destinationId !== null && (await findDestinations(tx, [archived.destinationId])).length)
      await archiveDestination(tx, archived.destinationId);
  });
}

/** The tenant's students of these ids (live or archived), by id: what a planned stop may name. */
export async function findStudents(
  ctx: TTenantContext,
  ids: number[],
): Promise<Map<number, { id: number; fname: string; lname: string }>> {
  return new Map((await studentsByIds(ctx.db, ctx.tenantId, ids)).map((s) => [s.id, s]));
}

/** A guardian's live children in the tenant, by first name. */
export function guardianChildren(ctx: TTenantContext, guardianId: number) {
  return childrenOfGuardian(ctx.db, ctx.tenantId, guardianId);
}

/**
 * The students list as an `.xlsx` (`GET v1/school-bus/students/export`): the live students the list
 * shows for the same search, by last then first name, read in keyset chunks, each with its
 * driver, bus stop and guardians; headers in the tenant's terms. School-bus tenants only (403).
 */
export async function studentExport(
  ctx: TTenantContext,
  search: string | undefined,
): Promise<TListExportFile<TStudent>> {
  const { terms } = await schoolBusTenant(ctx);
  const columns: XlsxColumn<TStudent>[] = [
    { header: 'ID', value: (s) => s.id, width: 8 },
    { header: 'First name', value: (s) => s.fname, width: 18 },
    { header: 'Last name', value: (s) => s.lname, width: 18 },
    {
      header: terms.driver,
      value: (s) => (s.driver ? `${s.driver.fname} ${s.driver.lname}` : null),
      width: 24,
    },
    { header: `Bus stop (${terms.destination})`, value: (s) => s.stop_name, width: 30 },
    { header: 'Latitude', value: (s) => s.stop_lat, numFmt: '0.00000', width: 12 },
    { header: 'Longitude', value: (s) => s.stop_lon, numFmt: '0.00000', width: 12 },
    {
      header: 'Guardians',
      value: (s) => s.guardians.map((g) => `${g.fname} ${g.lname} <${g.email}>`).join('; '),
      width: 48,
    },
  ];
  return {
    fileName: 'Students.xlsx',
    columns,
    chunks: keysetChunks(
      async (after: { lname: string; fname: string; id: number } | null, limit) =>
        toStudents(
          ctx,
          await listStudents(ctx.db, ctx.tenantId, { search: search || undefined, after, limit }),
        ),
      (s) => ({ lname: s.lname, fname: s.fname, id: s.id }),
    ),
  };
}
