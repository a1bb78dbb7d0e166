import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pluralize, type TPlanningDriver, type TTerms } from '@fleet/contract';
import {
  normalTime,
  shiftOf,
  type TRequestProblems,
  type TShiftEdits,
  type TShiftField,
  type TShiftForm,
} from './plan-form';

export interface DriversTableProps {
  drivers: TPlanningDriver[];
  edits: TShiftEdits;
  /** The contract's errors of the ticked rows. */
  problems: TRequestProblems['shifts'];
  /** Whether a field's error shows yet (left once, or a proposal asked for). */
  shown: (driverId: number, field: TShiftField) => boolean;
  onEdit: (driverId: number, change: Partial<TShiftForm>) => void;
  onLeave: (driverId: number, field: TShiftField) => void;
  onSelectAll: (selected: boolean) => void;
  terms: TTerms;
  unit: string;
}

const FIELD_SX = { width: 104 } as const;

/**
 * The drivers of the day: a tick for each driver the plan may use (none at first), their shift
 * (`HH:mm`, 24-hour clock) and their vehicle's capacity (empty: no limit). Wide on a phone: it scrolls.
 */
export function DriversTable({
  drivers,
  edits,
  problems,
  shown,
  onEdit,
  onLeave,
  onSelectAll,
  terms,
  unit,
}: DriversTableProps) {
  const rows = drivers.map((driver) => ({ driver, shift: shiftOf(driver, edits) }));
  const ticked = rows.filter((row) => row.shift.selected).length;
  const plural = pluralize(terms.driver);

  const timeField = (driver: TPlanningDriver, shift: TShiftForm, field: 'start_time' | 'end_time') => {
    const error = shown(driver.driver_id, field) ? problems[driver.driver_id]?.[field] : undefined;
    return (
      <TextField
        size="small"
        placeholder="HH:mm"
        value={shift[field]}
        onChange={(event) =>
          onEdit(driver.driver_id, { [field]: event.target.value.replace(/[^\d:]/g, '').slice(0, 5) })
        }
        onBlur={() => {
          onEdit(driver.driver_id, { [field]: normalTime(shift[field]) });
          onLeave(driver.driver_id, field);
        }}
        error={Boolean(error)}
        helperText={error}
        sx={FIELD_SX}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            maxLength: 5,
            'aria-label': `${field === 'start_time' ? 'Shift start' : 'Shift end'} of ${driver.name}`,
          },
        }}
      />
    );
  };

  return (
    // A fleet's worth of rows scrolls in place, so the map and the proposal stay in view.
    <Box sx={{ overflow: 'auto', maxHeight: 340 }}>
      <Table size="small" stickyHeader aria-label={`${plural} of the day`}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={rows.length > 0 && ticked === rows.length}
                indeterminate={ticked > 0 && ticked < rows.length}
                disabled={rows.length === 0}
                onChange={(event) => onSelectAll(event.target.checked)}
                slotProps={{ input: { 'aria-label': `Select all ${plural.toLowerCase()}` } }}
              />
            </TableCell>
            <TableCell>{terms.driver}</TableCell>
            <TableCell>Shift start</TableCell>
            <TableCell>Shift end</TableCell>
            <TableCell>{`Capacity (${unit})`}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ driver, shift }) => {
            const capacityError = shown(driver.driver_id, 'capacity')
              ? problems[driver.driver_id]?.capacity
              : undefined;
            return (
              <TableRow key={driver.driver_id} selected={shift.selected}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={shift.selected}
                    onChange={(event) => onEdit(driver.driver_id, { selected: event.target.checked })}
                    slotProps={{ input: { 'aria-label': `Include ${driver.name}` } }}
                  />
                </TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  {driver.name}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {driver.vehicle_reference ?? `No ${terms.bus.toLowerCase()}`}
                  </Typography>
                </TableCell>
                <TableCell>{timeField(driver, shift, 'start_time')}</TableCell>
                <TableCell>{timeField(driver, shift, 'end_time')}</TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    type="number"
                    placeholder="No limit"
                    value={shift.capacity}
                    onChange={(event) => onEdit(driver.driver_id, { capacity: event.target.value })}
                    onBlur={() => onLeave(driver.driver_id, 'capacity')}
                    error={Boolean(capacityError)}
                    helperText={capacityError}
                    sx={{ width: 120 }}
                    slotProps={{
                      htmlInput: {
                        min: 0,
                        step: 'any',
                        inputMode: 'decimal',
                        'aria-label': `Capacity of ${driver.name} (${unit})`,
                      },
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
