import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CRM_MESSAGES,
  CRM_ORDER_MANUAL_TRANSITIONS,
  CRM_ORDER_STATUS_LABEL,
  MESSAGES,
  PET_SPECIES_LABEL,
  type TCrmOrderDetails,
  type TCrmOrderStatus,
} from '@fleet/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ImageCarousel } from '../../../components/image-carousel';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/api/client';
import { formatUtc } from '../../../lib/dates';
import { MOBILE_MEDIA_QUERY } from '../../../lib/layout';
import { useTerms } from '../../../lib/terms';
import { crmOrderQuery, useDeleteCrmOrder, useSetCrmOrderStatus } from '../api/orders';
import {
  OrderStatusChip,
  OrderTripLink,
  TRANSITION_LABEL,
  hasTrackingLink,
  isDeletable,
  isEditable,
  orderAmount,
  requestedText,
} from './order-parts';
import { TrackingSection } from './tracking-section';

const reasonOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.responseMessage ? error.responseMessage : fallback;

/** A labelled value of the summary. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Lines({ order, symbol }: { order: TCrmOrderDetails; symbol: string }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Lines of ${order.reference}`}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell>{`${line.sku} · ${line.name}`}</TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap' }}
              >{`${line.quantity} ${line.unit}`}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {orderAmount(line.unit_price, symbol)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {orderAmount(line.amount, symbol)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {orderAmount(order.total, symbol)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Who moved the order to each status, and when; the latest last. */
function History({ order }: { order: TCrmOrderDetails }) {
  return (
    <Box component="ol" aria-label="Status history" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {order.history.map((entry, index) => (
        <Stack
          component="li"
          key={`${entry.at}-${entry.status}-${index}`}
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
        >
          <Chip size="small" variant="outlined" label={CRM_ORDER_STATUS_LABEL[entry.status]} />
          <Typography variant="body2">{formatUtc(entry.at)}</Typography>
          <Typography variant="body2" color="text.secondary">{`by ${entry.by}`}</Typography>
        </Stack>
      ))}
    </Box>
  );
}

function Body({ order }: { order: TCrmOrderDetails }) {
  const terms = useTerms();
  const symbol = terms.currency.symbol;
  return (
    <Stack spacing={2.5}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Field label="Customer">{order.customer.name}</Field>
        <Field label="Address">{`${order.address.label} — ${order.address.address}`}</Field>
        <Field label="Requested">{requestedText(order)}</Field>
        <Field label={terms.trip}>{order.trip_id ? <OrderTripLink tripId={order.trip_id} /> : '—'}</Field>
      </Box>
      <Lines order={order} symbol={symbol} />
      {order.pets.length > 0 && (
        <Field label="Pets">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', pt: 0.5 }}>
            {order.pets.map((pet) => (
              <Chip key={pet.id} size="small" label={`${pet.name} (${PET_SPECIES_LABEL[pet.species]})`} />
            ))}
          </Stack>
        </Field>
      )}
      {order.notes && (
        <Field label="Notes">
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {order.notes}
          </Box>
        </Field>
      )}
      <Divider />
      <Stack spacing={1}>
        <Typography variant="subtitle2">Status history</Typography>
        <History order={order} />
      </Stack>
      {order.proof_images.length > 0 && (
        <Stack spacing={1}>
          <Typography variant="subtitle2">Proof of delivery</Typography>
          <ImageCarousel
            images={order.proof_images}
            alt={`Proof of delivery of ${order.reference}`}
            height={280}
          />
        </Stack>
      )}
      {hasTrackingLink(order.status) && (
        <>
          <Divider />
          <TrackingSection order={order} />
        </>
      )}
    </Stack>
  );
}

export interface OrderDetailsDialogProps {
  /** The order shown. */
  id: number;
  onClose: () => void;
  onEdit: (order: TCrmOrderDetails) => void;
}

/**
 * An order whole (a row's reference, or `?order=<id>` from the customer's detail view): its lines,
 * pets, notes, status history, trip, proof photos and tracking link, and the status changes an
 * admin may make from where it is.
 */
export function OrderDetailsDialog({ id, onClose, onEdit }: OrderDetailsDialogProps) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  const snackbar = useSnackbar();
  const query = useQuery(crmOrderQuery(id));
  const setStatus = useSetCrmOrderStatus();
  const remove = useDeleteCrmOrder();
  const [cancelling, setCancelling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const order = query.data;

  const moveTo = async (status: TCrmOrderStatus) => {
    try {
      const answer = await setStatus.mutateAsync({ id, status });
      snackbar.show(answer.message, 'success');
    } catch (error) {
      snackbar.show(reasonOf(error, 'The status could not be changed.'), 'error');
    }
  };

  const confirmDelete = async () => {
    try {
      const answer = await remove.mutateAsync(id);
      snackbar.show(answer.message, 'success');
      setDeleting(false);
      onClose();
    } catch (error) {
      snackbar.show(reasonOf(error, 'The order could not be deleted.'), 'error');
    }
  };

  const transitions = order ? CRM_ORDER_MANUAL_TRANSITIONS[order.status] : [];

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 760, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId} component="div">
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {order ? `Order ${order.reference}` : 'Order'}
          </Typography>
          {order && <OrderStatusChip status={order.status} />}
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        {query.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        )}
        {query.isError && <Alert severity="error">{reasonOf(query.error, CRM_MESSAGES.orderNotFound)}</Alert>}
        {order && <Body order={order} />}
        {order && !isEditable(order.status) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {CRM_MESSAGES.orderNotEditable}.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {order &&
          transitions.map((status) => (
            <Button
              key={status}
              variant={status === 'confirmed' ? 'contained' : 'outlined'}
              color={status === 'cancelled' ? 'error' : 'primary'}
              disabled={setStatus.isPending}
              onClick={() => (status === 'cancelled' ? setCancelling(true) : void moveTo(status))}
            >
              {TRANSITION_LABEL[status] ?? CRM_ORDER_STATUS_LABEL[status]}
            </Button>
          ))}
        {order && isEditable(order.status) && (
          <Button variant="outlined" onClick={() => onEdit(order)}>
            Edit
          </Button>
        )}
        {order && isDeletable(order.status) && (
          <Button color="error" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={cancelling}
        title="Cancel order"
        message={`Cancel order ${order?.reference ?? ''}? It will not be delivered; it can go back to draft later.`}
        confirmLabel="Cancel order"
        onConfirm={async () => {
          await moveTo('cancelled');
          setCancelling(false);
        }}
        onClose={() => setCancelling(false)}
      />
      <ConfirmDialog
        open={deleting}
        message={MESSAGES.deleteQuestion('Order')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(false)}
      />
    </Dialog>
  );
}
