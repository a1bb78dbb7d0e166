import { Controller, get, useFieldArray, useFormContext, type FieldPath } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddTaskIcon from '@mui/icons-material/AddTaskOutlined';
import { MoveButtons, reorderKeys } from './move-buttons';
import { emptyTask, type TPlanForm } from './trip-form';

/** The client or manager approval a task needs (spec 001 §3). */
function ApprovalCheckbox({
  name,
  label,
  readOnly,
}: {
  name: FieldPath<TPlanForm>;
  label: string;
  readOnly: boolean;
}) {
  const { control } = useFormContext<TPlanForm>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={readOnly}
          control={
            <Checkbox
              size="small"
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
            />
          }
        />
      )}
    />
  );
}

export interface TasksEditorProps {
  stopIndex: number;
  /** Names the stop in the buttons' labels. */
  stopName: string;
  readOnly: boolean;
}

/**
 * The tasks of one stop (spec 001 §3): description, order id, client and manager approval, in the
 * order they are to be done (their priority). Add, remove and reorder (buttons or Alt+Arrow keys).
 */
export function TasksEditor({ stopIndex, stopName, readOnly }: TasksEditorProps) {
  const { control, register, formState } = useFormContext<TPlanForm>();
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: `destinations.${stopIndex}.tasks`,
  });

  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Tasks ({fields.length})
      </Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No Tasks Assigned
        </Typography>
      )}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => {
          const base = `destinations.${stopIndex}.tasks.${index}` as const;
          const descriptionError = get(formState.errors, `${base}.description`) as
            { message?: string } | undefined;
          const taskName = `task ${index + 1} of ${stopName}`;
          return (
            <Box
              component="li"
              key={field.id}
              aria-label={`Task ${index + 1}`}
              onKeyDown={readOnly ? undefined : reorderKeys(index, fields.length, move)}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                // One row on wide screens; on narrow ones the number and buttons head the task.
                gridTemplateColumns: {
                  xs: '1fr 1fr',
                  md: 'auto minmax(0, 3fr) minmax(0, 1fr) auto auto auto',
                },
                gridTemplateAreas: {
                  xs: '"num buttons" "desc desc" "order order" "client manager"',
                  md: '"num desc order client manager buttons"',
                },
                p: 1,
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" sx={{ gridArea: 'num', fontWeight: 600, minWidth: 20 }} aria-hidden>
                {index + 1}.
              </Typography>
              <TextField
                {...register(`${base}.description`)}
                label="Description"
                sx={{ gridArea: 'desc' }}
                size="small"
                required={!readOnly}
                disabled={readOnly}
                multiline
                maxRows={4}
                error={Boolean(descriptionError)}
                helperText={descriptionError?.message}
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
              <TextField
                {...register(`${base}.order_id`)}
                label="Order id"
                sx={{ gridArea: 'order' }}
                size="small"
                disabled={readOnly}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <Box sx={{ gridArea: 'client' }}>
                <ApprovalCheckbox
                  name={`${base}.client_approval`}
                  label="Client approval"
                  readOnly={readOnly}
                />
              </Box>
              <Box sx={{ gridArea: 'manager' }}>
                <ApprovalCheckbox
                  name={`${base}.manager_approval`}
                  label="Manager approval"
                  readOnly={readOnly}
                />
              </Box>
              {!readOnly && (
                <Box sx={{ gridArea: 'buttons', justifySelf: 'end' }}>
                  <MoveButtons
                    index={index}
                    count={fields.length}
                    name={taskName}
                    onMove={move}
                    onRemove={() => remove(index)}
                  />
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
      {!readOnly && (
        <Button
          size="small"
          startIcon={<AddTaskIcon />}
          onClick={() =>
            append(emptyTask(), {
              shouldFocus: true,
              focusName: `destinations.${stopIndex}.tasks.${fields.length}.description`,
            })
          }
          sx={{ mt: 1 }}
          aria-label={`Add task to ${stopName}`}
        >
          Add task
        </Button>
      )}
    </Box>
  );
}
