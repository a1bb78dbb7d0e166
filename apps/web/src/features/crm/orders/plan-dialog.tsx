import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  CRM_MESSAGES,
  ZCrmOrderPlanInput,
  type TCrmOrderPlanInput,
  type TCrmOrderRow,
} from '@fleet/contract';
import { FormDialog } from '../../../components/form-dialog';
import { FormIdSelect } from '../../../components/form-id-select';
import { FormTextField } from '../../../components/form-text-field';
import { driverOptionsQuery } from '../../../lib/api/drivers';
import { originOptionsQuery } from '../../../lib/api/origins';
import { tripTypeOptionsQuery } from '../../../lib/api/trip-types';
import { useTerms } from '../../../lib/terms';
import { usePlanCrmOrders } from '../api/orders';
import { useTenantTimeZone } from '../../../lib/tenant-time-zone';
import { OrderTripLink } from './order-parts';

/** A new trip (driver, origin, type, start), or stops added to a trip that has not started. */
interface TPlanForm {
  /** The orders selected when the dialog opened. */
  order_ids: number[];
  mode: 'new' | 'add';
  driver_id: number | null;
  warehouse_id: number | null;
  type_id: number | null;
  /** `HH:mm`. */
  start_time: string;
  /** The trip's id as typed. */
  trip_id: string;
}

const PLAN_SCHEMA = z
  .custom<TPlanForm>()
  // The fields of the way chosen are required; the contract checks what they hold.
  .superRefine((form, ctx) => {
    const required =
      form.mode === 'add'
        ? { trip_id: form.trip_id.trim() }
        : {
            driver_id: form.driver_id,
            warehouse_id: form.warehouse_id,
            type_id: form.type_id,
            start_time: form.start_time,
          };
    for (const [field, value] of Object.entries(required))
      if (value === null || value === '')
        ctx.addIssue({ code: 'custom', path: [field], message: CRM_MESSAGES.required });
  })
  .transform((form): TCrmOrderPlanInput =>
    form.mode === 'add'
      ? { order_ids: form.order_ids, trip_id: form.trip_id.trim() }
      : {
          order_ids: form.order_ids,
          driver_id: form.driver_id,
          warehouse_id: form.warehouse_id,
          type_id: form.type_id,
          start_time: form.start_time,
        },
  )
  .pipe(ZCrmOrderPlanInput);

const DEFAULTS: Omit<TPlanForm, 'order_ids'> = {
  mode: 'new',
  driver_id: null,
  warehouse_id: null,
  type_id: null,
  start_time: '',
  trip_id: '',
};

export type TPlanned = { message: string; tripId: number };

export interface PlanDialogProps {
  open: boolean;
  /** The orders selected. */
  orders: TCrmOrderRow[];
  onClose: () => void;
  /** The server's answer: its message and the trip. */
  onPlanned: (planned: TPlanned) => void;
}

/** "Plan selected": the selected confirmed (or failed) orders of one day become a trip's stops. */
export function PlanDialog({ open, orders, onClose, onPlanned }: PlanDialogProps) {
  const plan = usePlanCrmOrders();
  const days = [...new Set(orders.map((o) => o.requested_date))].sort();
  const count = `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`;
  return (
    <FormDialog
      open={open}
      title="Plan selected orders"
      schema={PLAN_SCHEMA}
      defaultValues={{ ...DEFAULTS, order_ids: orders.map((o) => o.id) }}
      onSubmit={async (values) => {
        const answer = await plan.mutateAsync(values);
        onPlanned({ message: answer.message, tripId: answer.data.trip_id });
      }}
      onClose={onClose}
      failureMessage="The orders could not be planned."
      submitLabel="Plan"
      width={560}
    >
      {(form) => (
        <>
          <Typography variant="body2">
            {`${count} of ${days.join(', ')}: ${orders.map((o) => o.reference).join(', ')}`}
          </Typography>
          {days.length > 1 && <Alert severity="warning">{CRM_MESSAGES.planOneDay}</Alert>}
          <PlanFields form={form} />
        </>
      )}
    </FormDialog>
  );
}

/** A new trip's driver, origin, type and start (the lists the trip dialog picks from), or a trip's id. */
function PlanFields({
  form,
}: {
  form: UseFormReturn<TPlanForm, unknown, z.output<typeof ZCrmOrderPlanInput>>;
}) {
  const terms = useTerms();
  const timeZone = useTenantTimeZone();
  const mode = useWatch({ control: form.control, name: 'mode' });
  const drivers = useQuery(driverOptionsQuery());
  const origins = useQuery(originOptionsQuery());
  const types = useQuery(tripTypeOptionsQuery());
  const pickers = [
    {
      name: 'driver_id',
      label: terms.driver,
      query: drivers,
      options: drivers.data?.map((d) => ({ id: d.id, label: `${d.fname} ${d.lname}` })),
    },
    {
      name: 'warehouse_id',
      label: terms.warehouse,
      query: origins,
      options: origins.data?.map((o) => ({ id: o.id, label: o.title })),
    },
    {
      name: 'type_id',
      label: 'Type',
      query: types,
      options: types.data?.map((t) => ({ id: t.id, label: t.title })),
    },
  ] as const;
  const trip = terms.trip.toLowerCase();

  return (
    <>
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <RadioGroup row aria-label="Plan into" value={field.value} onChange={field.onChange}>
            <FormControlLabel value="new" control={<Radio />} label={`New ${trip}`} />
            <FormControlLabel value="add" control={<Radio />} label={`Add to a ${trip}`} />
          </RadioGroup>
        )}
      />
      {mode === 'new' ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
          {pickers.map((picker) => (
            <FormIdSelect
              key={picker.name}
              control={form.control}
              name={picker.name}
              label={picker.label}
              required
              options={picker.options}
              loading={picker.query.isPending}
            />
          ))}
          <FormTextField
            form={form}
            name="start_time"
            label="Start time"
            type="time"
            required
            helperText={`HH:mm on the orders' day, ${timeZone}`}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
      ) : (
        <FormTextField
          form={form}
          name="trip_id"
          label={`${terms.trip} ID`}
          required
          helperText={`A ${trip} of that day that has not started`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    </>
  );
}

/** The server's answer to a plan, with the way to the trip. */
export function PlannedDialog({ planned, onClose }: { planned: TPlanned | null; onClose: () => void }) {
  return (
    <Dialog open={planned !== null} onClose={onClose} aria-labelledby="orders-planned-title">
      <DialogTitle id="orders-planned-title">Orders planned</DialogTitle>
      <DialogContent>
        {planned && (
          <Alert severity="success">
            {planned.message} <OrderTripLink tripId={planned.tripId} />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
