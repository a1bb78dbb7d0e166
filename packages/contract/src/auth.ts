import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { LOGIN_EMAIL_PATTERN } from './patterns.ts';

export { LOGIN_EMAIL_PATTERN };

/** Login password rule of spec 000 §5: 1 to 10 characters. */
export const LOGIN_PASSWORD_MAX = 10;

/** What the login form accepts before it sends anything (spec 000 §5). */
export const ZLoginForm = z.object({
  email: z.string().trim().regex(LOGIN_EMAIL_PATTERN, MESSAGES.login.emailInvalid),
  password: z
    .string()
    .min(1, MESSAGES.login.passwordRequired)
    .max(LOGIN_PASSWORD_MAX, MESSAGES.login.passwordMax10),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/**
 * What the server accepts. It is looser than the form on purpose: a wrong password of any length
 * is just a wrong password (answered like every other bad credential), not a malformed request.
 */
export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, MESSAGES.required).max(320),
  password: z.string().min(1, MESSAGES.login.passwordRequired).max(200),
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
