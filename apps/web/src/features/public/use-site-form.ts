import { useCallback, useMemo, useState } from 'react';

/** A field rule: the message to show, or null when the value is fine. */
export type Rule = (value: string) => string | null;

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() ? null : message;

export const matches =
  (pattern: RegExp, message: string): Rule =>
  (value) =>
    pattern.test(value.trim()) ? null : message;

export const maxLength =
  (max: number): Rule =>
  (value) =>
    value.trim().length <= max ? null : `Must be at most ${max} characters`;

/** The first failing rule's message. */
const check = (rules: Rule[], value: string) => {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return null;
};

/**
 * A small form state for the public site's forms (no form library in the site's bundle): values,
 * errors shown once a field has been left (validated on blur), and every field checked on submit.
 */
export function useSiteForm<F extends string>(initial: Record<F, string>, rules: Record<F, Rule[]>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});

  const errors = useMemo(() => {
    const found: Partial<Record<F, string>> = {};
    for (const name of Object.keys(rules) as F[]) {
      const message = check(rules[name], values[name]);
      if (message) found[name] = message;
    }
    return found;
  }, [rules, values]);

  const set = useCallback((name: F, value: string) => setValues((old) => ({ ...old, [name]: value })), []);

  /** Props of the field's input: value, change, blur (which reveals its error) and ARIA state. */
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    onBlur: () => setTouched((old) => (old[name] ? old : { ...old, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  /** Marks every field touched; true when all are valid. */
  const validateAll = () => {
    setTouched(Object.fromEntries(Object.keys(rules).map((name) => [name, true])) as Record<F, boolean>);
    return Object.keys(errors).length === 0;
  };

  const reset = () => {
    setValues(initial);
    setTouched({});
  };

  /** The values with surrounding spaces trimmed, as they are sent. */
  const trimmed = () =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v as string).trim()])) as Record<
      F,
      string
    >;

  return { values, field, set, validateAll, reset, trimmed };
}

export type SiteFieldProps = ReturnType<ReturnType<typeof useSiteForm>['field']>;
