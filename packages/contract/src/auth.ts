import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { zId } from './numbers.ts';
import { LOGIN_EMAIL_PATTERN } from './patterns.ts';

export { LOGIN_EMAIL_PATTERN };

/**
 * Length of a password a user chooses (OWASP ASVS): 8 to 128 characters, no composition rules. The
 * spec's 4-character minimum and 10-character maximum are a deliberate deviation (architecture §7).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: required, 8 to 128 characters. The server also refuses the most common ones. */
export const zNewPassword = () =>
  z
    .string()
    .min(1, MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.password.tooShort(PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, MESSAGES.password.tooLong(PASSWORD_MAX_LENGTH));

/**
 * What the login form accepts before it sends anything (spec 000 §5), up to the longest password a
 * user can choose; no minimum beyond one character, so accounts with older, shorter passwords sign in.
 */
export const ZLoginForm = z.object({
  email: z.string().trim().regex(LOGIN_EMAIL_PATTERN, MESSAGES.login.emailInvalid),
  password: z
    .string()
    .min(1, MESSAGES.login.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.password.tooLong(PASSWORD_MAX_LENGTH)),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/**
 * What the server accepts. It is looser than the form on purpose: a wrong password of any length
 * is just a wrong password (answered like every other bad credential), not a malformed request.
 */
export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, MESSAGES.required).max(320),
  password: z.string().min(1, MESSAGES.login.passwordRequired).max(200),
  /**
   * Which organisation's account: needed only when the same e-mail and password open accounts of
   * several (an e-mail is unique within an organisation only); the answer is then 409 without it.
   */
  tenant_id: zId('tenant_id').optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const TENANT_TYPES = ['school_bus', 'delivery', 'airport', 'construction', 'namat'] as const;
export const ZTenantType = z.string().min(1).max(50);
/** The staff-based tenant type (spec 000 §9). */
export const NAMAT_TYPE = 'namat';
export const SCHOOL_BUS_TYPE = 'school_bus';

export const ZSessionTenant = z.object({
  name: z.string(),
  type: z.string(),
  is_enabled_crm: z.union([z.literal(0), z.literal(1)]),
});

/** `data` of a successful `POST admin/login` (spec 000 §7). */
export const ZAdminSession = z.object({
  id: z.number().int(),
  email: z.string(),
  tenant_id: z.number().int().nullable(),
  is_super_admin: z.union([z.literal(0), z.literal(1)]),
  tenant: ZSessionTenant.nullable(),
});
export type TAdminSession = z.infer<typeof ZAdminSession>;

// ---------- The parents' view (guardians of a school bus's pupils) ----------

/** A guardian's child, as the parents' view lists them. */
export const ZGuardianChild = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  /** Where the pupil boards the bus, when set. */
  stop_name: z.string().nullable(),
});
export type TGuardianChild = z.infer<typeof ZGuardianChild>;

/** `data` of `POST v1/guardian/login` and `GET v1/guardian/me`: the parent, their school, their children. */
export const ZGuardianSession = z.object({
  id: z.number().int(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  tenant: z.object({ id: z.number().int(), name: z.string() }),
  children: z.array(ZGuardianChild),
});
export type TGuardianSession = z.infer<typeof ZGuardianSession>;
