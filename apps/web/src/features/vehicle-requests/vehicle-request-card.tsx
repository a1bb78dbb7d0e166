import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { TTerms, TVehicleRequestBus, TVehicleRequestRow } from '@fleet/contract';
import { formatUtc } from '../../lib/dates';
import { RequestPhotosButton } from './request-photos';
import { namesOf, personName } from './vehicle-request-texts';

/** One vehicle of a request: its reference and who has it now. */
function BusPanel({
  label,
  bus,
  terms,
  requesterId,
  availability = false,
}: {
  label: string;
  bus: TVehicleRequestBus | null;
  terms: TTerms;
  requesterId: number;
  /** Says whether someone other than the requester has it (the requested vehicle). */
  availability?: boolean;
}) {
  const others = bus?.drivers.filter((d) => d.id !== requesterId) ?? [];
  return (
    <Box sx={{ flex: 1, minWidth: 0, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {bus ? bus.reference : 'None'}
        {bus?.archived && <Chip label="Deleted" size="small" color="error" sx={{ ml: 1 }} />}
      </Typography>
      {bus && (
        <Typography variant="body2" color="text.secondary">
          {bus.drivers.length === 0
            ? `No ${terms.driver.toLowerCase()}`
            : `${terms.driver}: ${namesOf(bus.drivers)}`}
        </Typography>
      )}
      {availability && bus && (
        <Chip
          size="small"
          sx={{ mt: 0.5 }}
          color={others.length ? 'warning' : 'success'}
          variant="outlined"
          label={others.length ? 'Taken' : 'Free'}
        />
      )}
    </Box>
  );
}

/**
 * A pending request as a card (spec 001 "Vehicle change requests"): the driver, the vehicle they
 * had and the one they ask for, each with its current driver(s), when and which request, the note,
 * and the Photos, Decline and Accept buttons.
 */
export function VehicleRequestCard({
  request,
  terms,
  onDecide,
}: {
  request: TVehicleRequestRow;
  terms: TTerms;
  onDecide: (request: TVehicleRequestRow, decision: 'accept' | 'decline') => void;
}) {
  const headingId = useId();
  const name = personName(request.driver);
  const blocked = request.driver.archived || request.newBus.archived;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1.5 }}
        >
          <Typography id={headingId} variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {name}
            {request.driver.archived && <Chip label="Deleted" size="small" color="error" sx={{ ml: 1 }} />}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            Request #{request.id}
          </Typography>
        </Stack>
        {/* Side by side; one above the other on a phone. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'stretch' }}>
          <BusPanel
            label={`Old ${terms.bus.toLowerCase()}`}
            bus={request.oldBus}
            terms={terms}
            requesterId={request.driver.id}
          />
          <ArrowForward
            color="action"
            aria-hidden
            sx={{ alignSelf: 'center', transform: { xs: 'rotate(90deg)', sm: 'none' } }}
          />
          <BusPanel
            label={`New ${terms.bus.toLowerCase()}`}
            bus={request.newBus}
            terms={terms}
            requesterId={request.driver.id}
            availability
          />
        </Stack>
        {request.note && (
          <Typography variant="body2" sx={{ mt: 1.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            “{request.note}”
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Created {formatUtc(request.creation_date)}
        </Typography>
        {blocked && (
          <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
            Deleted since the request was made: it can only be declined.
          </Typography>
        )}
      </CardContent>
      <CardActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <RequestPhotosButton request={request} />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          color="error"
          onClick={() => onDecide(request, 'decline')}
          aria-label={`Decline request #${request.id} of ${name}`}
        >
          Decline
        </Button>
        <Button
          variant="contained"
          onClick={() => onDecide(request, 'accept')}
          disabled={blocked}
          aria-label={`Accept request #${request.id} of ${name}`}
        >
          Accept
        </Button>
      </CardActions>
    </Card>
  );
}
