import { Link as RouterLink } from 'react-router';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import {
  CRM_ORDER_EDITABLE,
  CRM_ORDER_PLANNABLE,
  CRM_ORDER_STATUS_LABEL,
  type TCrmOrderRow,
  type TCrmOrderStatus,
} from '@fleet/contract';
import { requestOpenTripWithFilters } from '../../../lib/open-trip';
import { paths } from '../../../lib/paths';
import { useTerms } from '../../../lib/terms';

/*
 * How an order reads on the orders screen and in its dialogs: its status chip, amounts in the
 * tenant's currency, its requested day and window, its trip, and what each status allows.
 */

const STATUS_COLOR: Record<TCrmOrderStatus, ChipProps['color']> = {
  draft: 'default',
  confirmed: 'info',
  planned: 'primary',
  in_progress: 'warning',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

export function OrderStatusChip({ status }: { status: TCrmOrderStatus }) {
  return (
    <Chip
      size="small"
      label={CRM_ORDER_STATUS_LABEL[status]}
      color={STATUS_COLOR[status]}
      variant={status === 'draft' || status === 'cancelled' ? 'outlined' : 'filled'}
    />
  );
}

/** Two decimals with thousands separators, and the currency's symbol. */
export const orderAmount = (amount: number, symbol: string) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${symbol}`;

type TRequested = Pick<TCrmOrderRow, 'requested_date' | 'window_start' | 'window_end'>;

/** "09:00–12:00", or '' without a window. */
export const orderWindow = (order: TRequested) =>
  order.window_start && order.window_end ? `${order.window_start}–${order.window_end}` : '';

/** "2026-03-10 09:00–12:00": the day asked for and its window. */
export const requestedText = (order: TRequested) =>
  [order.requested_date, orderWindow(order)].filter(Boolean).join(' ');

export const isEditable = (status: TCrmOrderStatus) => CRM_ORDER_EDITABLE.includes(status);
export const isPlannable = (status: TCrmOrderStatus) => CRM_ORDER_PLANNABLE.includes(status);
export const isDeletable = (status: TCrmOrderStatus) => status === 'draft' || status === 'cancelled';
/** Planned or later: the order is (or was) on a trip its customer can follow. */
export const hasTrackingLink = (status: TCrmOrderStatus) =>
  status === 'planned' || status === 'in_progress' || status === 'delivered' || status === 'failed';

/** The buttons of the statuses an admin sets by hand. */
export const TRANSITION_LABEL: Partial<Record<TCrmOrderStatus, string>> = {
  confirmed: 'Confirm',
  draft: 'Back to draft',
  cancelled: 'Cancel order',
};

/** The trip of a planned order: opens it in the trips screen with its dates as the filter. */
export function OrderTripLink({ tripId }: { tripId: number }) {
  const terms = useTerms();
  return (
    <Link
      component={RouterLink}
      to={paths.trips.getHref()}
      onClick={() => requestOpenTripWithFilters(tripId)}
      underline="hover"
    >
      {`${terms.trip} ${tripId}`}
    </Link>
  );
}
