import { z } from 'zod';
import { zNewPassword } from './auth.ts';
import { ZDriverStudent } from './driver-details.ts';
import { ZSuccessEnvelope } from './envelope.ts';
import { MESSAGES } from './messages.ts';
import { zId } from './numbers.ts';
import { ZLat, ZLon } from './places.ts';
import { EMAIL_PATTERN, NAME_MAX } from './registry.ts';

/*
 * School-bus students and their guardians (spec 001 "Students", §3, §5, §7, §8). The calls answer the
 * spec's `{success, …}` envelopes:
 *   GET  v1/school-bus/students          {success, data: [student]}
 *   POST v1/school-bus/students          {success, message, data: student}
 *   GET  v1/school-bus/guardians         {success, guardians: [guardian]}
 *   DELETE v1/school-bus/students/{id}   {success, message}
 * A guardian is an account of its own (a parent who signs in): no answer ever carries a password or
 * its hash. New guardians' passwords follow the product's rule (8 to 128 characters, not a common
 * one), not the spec's 4 to 10 (docs/architecture.md §7).
 */

/** Width of the student dialog on desktop (spec 001 §9). */
export const STUDENT_DIALOG_WIDTH = 800;
/** Guardians one student may have: a family's parents and carers, not a mailing list. */
export const STUDENT_GUARDIANS_MAX = 10;

const name = () =>
  z
    .string({ error: MESSAGES.students.required })
    .trim()
    .min(1, MESSAGES.students.required)
    .max(NAME_MAX, MESSAGES.lessThan50);

// ---------- Answers ----------

/** A guardian as lists and pickers show it (`full_name` is "First Last"). */
export const ZGuardian = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  full_name: z.string(),
});
export type TGuardian = z.infer<typeof ZGuardian>;

/** A student (spec 001 §3): the stop the pupil boards at, the driver who carries them, their guardians. */
export const ZStudent = ZDriverStudent.extend({
  driver_id: z.number().int().nullable(),
  driver: z.object({ id: z.number().int(), fname: z.string(), lname: z.string() }).nullable(),
  guardians: z.array(ZGuardian),
});
export type TStudent = z.infer<typeof ZStudent>;

/** `GET v1/school-bus/students`: the live students, `search` matching a first, last or full name. */
export const ZStudentListQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export type TStudentListQuery = z.input<typeof ZStudentListQuery>;
export const ZStudentList = ZSuccessEnvelope(z.array(ZStudent));

/** `GET v1/school-bus/guardians`: the tenant's guardians, for the dialog's picker. */
export const ZGuardianList = z.object({ success: z.literal(true), guardians: z.array(ZGuardian) });

/** `POST v1/school-bus/students`: the student added. */
export const ZStudentAdded = z.object({ success: z.literal(true), message: z.string(), data: ZStudent });
/** `DELETE v1/school-bus/students/{id}`. */
export const ZStudentDeleted = z.object({ success: z.literal(true), message: z.string() });

// ---------- The student a POST adds ----------

/** A guardian picked from the tenant's existing guardians. */
export const ZExistingGuardianInput = z.object({ id: zId('id') });
/** A new guardian: an account made with the student, signing in with this e-mail and password. */
export const ZNewGuardianInput = z.object({
  fname: name(),
  lname: name(),
  email: z
    .string({ error: MESSAGES.students.required })
    .trim()
    .min(1, MESSAGES.students.required)
    .regex(EMAIL_PATTERN, MESSAGES.students.guardianEmailInvalid)
    .max(254, MESSAGES.students.guardianEmailInvalid),
  password: zNewPassword(),
});
export type TNewGuardianInput = z.output<typeof ZNewGuardianInput>;
/** Either an existing guardian `{id}` or a new one `{fname, lname, email, password}`. */
export const ZGuardianInput = z.union([ZExistingGuardianInput, ZNewGuardianInput], {
  error: MESSAGES.students.guardianShape,
});

export const ZStudentInput = z.object({
  fname: name(),
  lname: name(),
  /** The bus stop's address and point (required: a pupil's stop is what a trip is planned from). */
  stop_name: z
    .string({ error: MESSAGES.students.required })
    .trim()
    .min(1, MESSAGES.students.required)
    .max(200, MESSAGES.places.nameMax),
  stop_lat: ZLat,
  stop_lon: ZLon,
  /** The driver who carries the pupil: a live driver of the tenant; none (null or left out) is allowed. */
  driver_id: z.preprocess((v) => (v === '' ? null : v), zId('driver_id').nullable()).optional(),
  guardians: z
    .array(ZGuardianInput)
    .max(STUDENT_GUARDIANS_MAX, MESSAGES.students.tooManyGuardians(STUDENT_GUARDIANS_MAX))
    .default([]),
});
export type TStudentInput = z.input<typeof ZStudentInput>;
export type TStudentValues = z.output<typeof ZStudentInput>;

export const ZStudentIdParams = z.object({ id: zId('id') });
