import { loadPasswordStrengthTest, zNewPassword, type TPasswordContext } from '@fleet/contract';
import type { z } from 'zod';
import { readSession } from './session';

/*
 * The server's rule for new passwords (contract/password-strength.ts), checked in the form before
 * anything is sent, so the reason a password is refused shows under its field. The estimator's
 * dictionaries load with the first check, not with the console.
 */

/**
 * Why this new password would be refused, or null: none given, or one the length rule refuses
 * already (its own message says so), is not checked.
 */
export async function passwordWeakness(
  password: string | null | undefined,
  context: TPasswordContext,
): Promise<string | null> {
  if (!password || !zNewPassword().safeParse(password).success) return null;
  return (await loadPasswordStrengthTest())(password, context);
}

/** The signed-in admin's organisation: a password must not be made of its name either. */
export const sessionTenantName = () => readSession()?.tenant_name ?? null;

interface TAccountValues {
  password?: string | null;
  email?: string;
  fname?: string;
  lname?: string;
}

/**
 * A form schema that also refuses a weak `password`, with the reason on the field. The account's
 * own e-mail and names come from the values; the organisation's name from the session.
 */
export function withStrongPassword<TOut extends TAccountValues, TIn>(
  schema: z.ZodType<TOut, TIn>,
): z.ZodType<TOut, TIn> {
  return schema.superRefine(async (values, ctx) => {
    const weakness = await passwordWeakness(values.password, {
      email: values.email,
      fname: values.fname,
      lname: values.lname,
      tenantName: sessionTenantName(),
    });
    if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: weakness });
  });
}
