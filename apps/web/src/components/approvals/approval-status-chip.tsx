import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import {
  APPROVAL_STATUS_DISPLAY,
  UNKNOWN_APPROVAL_STATUS,
  type TManagerApprovalStatus,
} from '@fleet/contract';

const isKnownStatus = (status: string | null): status is TManagerApprovalStatus =>
  status !== null && Object.hasOwn(APPROVAL_STATUS_DISPLAY, status);

/** The label of a manager approval status (spec 002 §4); anything else reads "Unknown Status". */
export const approvalStatusLabel = (status: string | null): string =>
  isKnownStatus(status) ? APPROVAL_STATUS_DISPLAY[status].label : UNKNOWN_APPROVAL_STATUS;

/** A manager approval status in its spec 002 §4 label and colour. */
export function ApprovalStatusChip({ status }: { status: string | null }) {
  const theme = useTheme();
  if (!isKnownStatus(status)) return <Chip size="small" variant="outlined" label={UNKNOWN_APPROVAL_STATUS} />;
  const { label, color } = APPROVAL_STATUS_DISPLAY[status];
  return (
    <Chip
      size="small"
      label={label}
      sx={{ bgcolor: color, color: theme.palette.getContrastText(color), fontWeight: 600 }}
    />
  );
}
