import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import Box from '@mui/material/Box';
import { MESSAGES, STUDENT_DIALOG_WIDTH, type TStudent, type TStudentInput } from '@fleet/contract';
import { FormDialog } from '../../components/form-dialog';
import { FormIdSelect, type IdOption } from '../../components/form-id-select';
import { FormTextField } from '../../components/form-text-field';
import { PlacePicker, type TPlaceValue } from '../../components/place-picker';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { useAddStudent } from '../../lib/api/students';
import { useTerms } from '../../lib/terms';
import { FIELD_GRID_SX, GuardianFields } from './guardian-fields';
import { ZStudentForm, studentInvalidMessage, toStudentForm, type TStudentForm } from './student-form';

type TForm = UseFormReturn<TStudentForm, unknown, TStudentInput>;

/** The driver who carries the pupil: one of the live drivers, or none (the field can be cleared). */
function DriverPicker({
  form,
  readOnly,
  current,
}: {
  form: TForm;
  readOnly: boolean;
  current: string | null;
}) {
  const terms = useTerms();
  const drivers = useQuery({ ...driverOptionsQuery(), enabled: !readOnly });
  const options = useMemo(
    () => drivers.data?.map((d): IdOption => ({ id: d.id, label: `${d.fname} ${d.lname}` })),
    [drivers.data],
  );
  const driver = terms.driver.toLowerCase();
  return (
    <FormIdSelect
      control={form.control}
      name="driver_id"
      label={`Associated ${driver}`}
      options={options}
      loading={drivers.isPending && !readOnly}
      currentLabel={current ?? undefined}
      disabled={readOnly}
      helperText={
        drivers.isError ? `The ${driver} list could not be loaded: ${drivers.error.message}` : undefined
      }
    />
  );
}

export interface StudentDialogProps {
  open: boolean;
  /** The student shown read-only (info), or null to add one. */
  student: TStudent | null;
  onClose: () => void;
}

/**
 * Add a student, or show one (spec 001 "Students", 800 px, full screen on phones): first and last
 * name, the bus stop (address and point on the map), the associated driver and the guardians.
 * The spec's calls have no update, so a student is shown read-only once added.
 */
export function StudentDialog({ open, student, onClose }: StudentDialogProps) {
  const add = useAddStudent();
  const readOnly = student !== null;
  const driverName = student?.driver ? `${student.driver.fname} ${student.driver.lname}` : null;
  return (
    <FormDialog
      open={open}
      title={readOnly ? `${student.fname} ${student.lname}` : 'Add Student'}
      width={STUDENT_DIALOG_WIDTH}
      readOnly={readOnly}
      schema={ZStudentForm}
      defaultValues={toStudentForm(student)}
      onClose={onClose}
      onSubmit={(values) => add.mutateAsync(values)}
      successMessage={MESSAGES.students.added}
      failureMessage="Failed to add the student."
      invalidMessage={studentInvalidMessage}
    >
      {(form) => (
        <>
          <Box sx={FIELD_GRID_SX}>
            <FormTextField
              form={form}
              name="fname"
              label="First name"
              required={!readOnly}
              disabled={readOnly}
              autoFocus={!readOnly}
            />
            <FormTextField
              form={form}
              name="lname"
              label="Last name"
              required={!readOnly}
              disabled={readOnly}
            />
          </Box>
          <Controller
            control={form.control}
            name="stop"
            render={({ field, fieldState }) => {
              const error = fieldState.error as
                Partial<Record<keyof TPlaceValue | 'point', { message?: string }>> | undefined;
              return (
                <PlacePicker
                  label="Bus stop address"
                  value={field.value}
                  onChange={field.onChange}
                  locationError={error?.location?.message}
                  error={error?.point?.message}
                  required={!readOnly}
                  disabled={readOnly}
                  mapHeight={220}
                />
              );
            }}
          />
          <DriverPicker form={form} readOnly={readOnly} current={driverName} />
          <GuardianFields form={form} readOnly={readOnly} />
        </>
      )}
    </FormDialog>
  );
}
