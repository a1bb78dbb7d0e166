import { z } from 'zod';
import { CRM_MESSAGES } from '@fleet/contract';

type TPath = readonly PropertyKey[];

/**
 * The form schema of a CRM dialog: the contract's input schema (the server's checks and messages)
 * fed the form's values. `toInput` turns them into the call's body where they differ, and `fieldOf`
 * puts a body field's message on the form field that holds it. A customer not chosen yet reads
 * "This field is required" rather than the API's wording for a bad id.
 */
export function crmFormSchema<TForm, TSchema extends z.ZodType>(
  schema: TSchema,
  {
    toInput = (form) => form,
    fieldOf = (path) => path,
  }: { toInput?: (form: TForm) => unknown; fieldOf?: (path: TPath) => TPath } = {},
): z.ZodType<z.output<TSchema>, TForm> {
  return z.custom<TForm>().transform((form, ctx) => {
    const parsed = schema.safeParse(toInput(form));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const message = issue.path[0] === 'customer_id' ? CRM_MESSAGES.required : issue.message;
      ctx.addIssue({ code: 'custom', path: [...fieldOf(issue.path)], message });
    }
    return z.NEVER;
  });
}

/** A number as a form's text field holds it: '' for none. */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
