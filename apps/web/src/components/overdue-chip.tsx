import Chip from '@mui/material/Chip';

/** Marks a due date that is past (maintenance list, the risk dashboard's due dates). */
export function OverdueChip() {
  return <Chip size="small" color="error" variant="outlined" label="Overdue" sx={{ fontWeight: 600 }} />;
}
