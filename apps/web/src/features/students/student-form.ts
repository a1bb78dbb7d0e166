import {
  MESSAGES,
  ZNewGuardianInput,
  ZStudentInput,
  type TStudent,
  type TStudentInput,
} from '@fleet/contract';
import { z } from 'zod';
import { passwordWeakness, sessionTenantName } from '../../lib/password-strength';
import { INVALID_PLACE, formatCoordinate, placePoint, type TPlaceValue } from '../../components/place-picker';

/*
 * The student dialog's form (spec 001 "Students", §5): what it holds, how it is checked with the
 * contract's own rules (so its words are the server's), and the body it sends.
 */

/** A guardian of the form: a new account, or one of the tenant's guardians picked by id. */
export interface TGuardianForm {
  kind: 'new' | 'existing';
  id: number | null;
  fname: string;
  lname: string;
  email: string;
  password: string;
}

export interface TStudentForm {
  fname: string;
  lname: string;
  stop: TPlaceValue;
  driver_id: number | null;
  guardians: TGuardianForm[];
}

export const newGuardianForm = (): TGuardianForm => ({
  kind: 'new',
  id: null,
  fname: '',
  lname: '',
  email: '',
  password: '',
});

/** The form of a student shown (info mode), or an empty one to add a student. */
export function toStudentForm(student: TStudent | null): TStudentForm {
  if (!student) {
    return {
      fname: '',
      lname: '',
      stop: { location: '', lat: '', lon: '' },
      driver_id: null,
      guardians: [newGuardianForm()],
    };
  }
  const coordinate = (value: number | null) => (value === null ? '' : formatCoordinate(value));
  return {
    fname: student.fname,
    lname: student.lname,
    stop: {
      location: student.stop_name ?? '',
      lat: coordinate(student.stop_lat),
      lon: coordinate(student.stop_lon),
    },
    driver_id: student.driver_id,
    guardians: student.guardians.map((g) => ({ ...newGuardianForm(), kind: 'existing', ...g })),
  };
}

const nameRule = ZStudentInput.shape.fname;
const stopNameRule = ZStudentInput.shape.stop_name;

/** The first message of a value a rule refuses, or null. */
const refusal = (rule: z.ZodType, value: unknown) => rule.safeParse(value).error?.issues[0]?.message ?? null;

export const ZStudentForm = z
  .object({
    fname: z.string(),
    lname: z.string(),
    stop: z.object({ location: z.string(), lat: z.string(), lon: z.string() }),
    driver_id: z.number().nullable(),
    guardians: z.array(
      z.object({
        kind: z.enum(['new', 'existing']),
        id: z.number().nullable(),
        fname: z.string(),
        lname: z.string(),
        email: z.string(),
        password: z.string(),
      }),
    ),
  })
  .superRefine((form, ctx) => {
    const fail = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    for (const key of ['fname', 'lname'] as const) {
      const message = refusal(nameRule, form[key]);
      if (message) fail([key], message);
    }
    const stopMessage = refusal(stopNameRule, form.stop.location);
    if (stopMessage) fail(['stop', 'location'], stopMessage);
    // Beside the address's own error, not over it: react-hook-form keeps one error object per path.
    if (!placePoint(form.stop)) fail(['stop', 'point'], INVALID_PLACE);
    form.guardians.forEach((guardian, i) => {
      if (guardian.kind === 'existing') {
        if (guardian.id === null) fail(['guardians', i, 'id'], MESSAGES.students.required);
        return;
      }
      const seen = new Set<string>();
      for (const issue of ZNewGuardianInput.safeParse(guardian).error?.issues ?? []) {
        const field = String(issue.path[0]);
        if (seen.has(field)) continue;
        seen.add(field);
        fail(['guardians', i, field], issue.message);
      }
    });
  })
  // A new guardian's weak password is refused here with the server's reason, before anything is sent.
  .superRefine(async (form, ctx) => {
    const tenantName = sessionTenantName();
    for (const [i, guardian] of form.guardians.entries()) {
      if (guardian.kind !== 'new') continue;
      const weakness = await passwordWeakness(guardian.password, { ...guardian, tenantName });
      if (weakness) ctx.addIssue({ code: 'custom', path: ['guardians', i, 'password'], message: weakness });
    }
  })
  .transform((form): TStudentInput => {
    const point = placePoint(form.stop) as { lat: number; lon: number };
    return {
      fname: form.fname.trim(),
      lname: form.lname.trim(),
      stop_name: form.stop.location.trim(),
      stop_lat: point.lat,
      stop_lon: point.lon,
      driver_id: form.driver_id,
      guardians: form.guardians.map((g) =>
        g.kind === 'existing'
          ? { id: g.id as number }
          : { fname: g.fname.trim(), lname: g.lname.trim(), email: g.email.trim(), password: g.password },
      ),
    };
  });

/**
 * The snackbar after a refused save (spec 001 §5): the guardians' own words when a guardian is
 * incomplete, else the screen's general one.
 */
export const studentInvalidMessage = (errors: { guardians?: unknown }) =>
  errors.guardians ? MESSAGES.students.guardiansInvalid : MESSAGES.students.formInvalid;
