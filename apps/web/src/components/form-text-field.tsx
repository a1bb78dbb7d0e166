import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { PasswordField } from './password-field';

export type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  /** The FormDialog's form (anything with `register` and `formState.errors`). */
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } };
  name: Path<T>;
  /** A password field with the show/hide toggle. */
  password?: boolean;
};

/** A text field registered in a react-hook-form form, showing the field's error under it. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  password = false,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const Field = password ? PasswordField : TextField;
  return (
    <Field
      {...props}
      {...form.register(name)}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
    />
  );
}
