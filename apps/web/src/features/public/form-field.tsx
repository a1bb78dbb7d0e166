import { useId, type ReactNode, type Ref } from 'react';
import type { SiteFieldProps } from './use-site-form';

interface FormFieldProps {
  label: string;
  field: SiteFieldProps;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** A textarea instead of an input. */
  multiline?: boolean;
  /** A select with these options instead of an input. */
  options?: readonly string[];
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>;
}

/** A labelled input, textarea or select with its error message under it, announced to screen readers. */
export function FormField({
  label,
  field,
  type = 'text',
  autoComplete,
  multiline,
  options,
  inputRef,
}: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { error, ...input } = field;
  const common = {
    ...input,
    id,
    ref: inputRef,
    className: 'input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    required: true,
  };
  let control: ReactNode;
  if (multiline) control = <textarea {...common} rows={5} />;
  else if (options)
    control = (
      <select {...common}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else control = <input {...common} type={type} autoComplete={autoComplete} />;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control}
      <p id={errorId} className="field__error">
        {error}
      </p>
    </div>
  );
}

/** The forms' submit button: disabled with a spinner while the request is in flight. */
export function SubmitButton({ busy, label = 'Send message' }: { busy: boolean; label?: string }) {
  return (
    <div>
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? 'Sending…' : label}
      </button>
    </div>
  );
}

/** What a form says after a submit: a success (status) or a failure (alert), or nothing yet. */
export type FormNotice = { ok: boolean; text: string } | null;

export function FormNoticeLine({ notice }: { notice: FormNotice }) {
  if (!notice) return null;
  return (
    <p
      className={notice.ok ? 'alert alert--success' : 'alert alert--error'}
      role={notice.ok ? 'status' : 'alert'}
    >
      {notice.text}
    </p>
  );
}
