import InputAdornment from '@mui/material/InputAdornment';
import { MESSAGES, ZRefuelCorrection, type TRefuelRow } from '@fleet/contract';
import { FormDialog, formSchema } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useTerms } from '../../lib/terms';
import { useSaveRefuel } from './api/refuels';

/** The form holds text; the contract schema reads the numbers (at least 0.00, spec 001 §5). */
interface RefuelForm {
  amount: string;
  volume: string;
}
const SCHEMA = formSchema<RefuelForm>()(ZRefuelCorrection);

export interface RefuelDialogProps {
  /** The refuel being corrected; null closes the dialog. */
  refuel: TRefuelRow | null;
  onClose: () => void;
}

/** 'Update Diesel Tank' (spec 001 "Diesel refuels"): a refuel's amount and volume, 600 px. */
export function RefuelDialog({ refuel, onClose }: RefuelDialogProps) {
  const terms = useTerms();
  const save = useSaveRefuel();
  const unit = (symbol: string) => ({
    input: { endAdornment: <InputAdornment position="end">{symbol}</InputAdornment> },
    htmlInput: { inputMode: 'decimal' as const, min: 0, step: 0.01 },
  });
  return (
    <FormDialog
      open={refuel !== null}
      title="Update Diesel Tank"
      width={600}
      schema={SCHEMA}
      defaultValues={{
        amount: refuel ? refuel.amount.toFixed(2) : '',
        volume: refuel ? String(refuel.volume) : '',
      }}
      onClose={onClose}
      onSubmit={(values) => save.mutateAsync({ id: refuel!.id, ...values })}
      successMessage={MESSAGES.refuels.updated}
      failureMessage="Failed to update Diesel Tank."
      invalidMessage={MESSAGES.places.formInvalid}
    >
      {(form) => (
        <>
          <FormTextField
            form={form}
            name="amount"
            label="Amount"
            type="number"
            required
            autoFocus
            slotProps={unit(terms.currency.symbol)}
          />
          <FormTextField
            form={form}
            name="volume"
            label="Volume"
            type="number"
            required
            slotProps={unit(terms.liquidUnit.symbol)}
          />
        </>
      )}
    </FormDialog>
  );
}
