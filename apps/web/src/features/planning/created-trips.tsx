import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { pluralize, type TPlanningConfirmed, type TPlanningDriver } from '@fleet/contract';
import { requestOpenTripWithFilters } from '../../lib/open-trip';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';

/** The trips a confirmation created, each opening in the trips screen (with its dates as the filter). */
export function CreatedTrips({
  trips,
  drivers,
  onClose,
}: {
  trips: TPlanningConfirmed['trips'];
  drivers: TPlanningDriver[];
  onClose: () => void;
}) {
  const terms = useTerms();
  const nameOf = (driverId: number) =>
    drivers.find((d) => d.driver_id === driverId)?.name ?? `${terms.driver} #${driverId}`;
  return (
    <Alert severity="success" sx={{ mb: 2 }} onClose={onClose}>
      {`${pluralize(terms.trip)} created:`}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {trips.map((trip) => (
          <li key={trip.trip_id}>
            <Link
              component={RouterLink}
              to={paths.trips.getHref()}
              onClick={() => requestOpenTripWithFilters(trip.trip_id)}
              underline="hover"
            >
              {`${terms.trip} ${trip.trip_id}`}
            </Link>
            {` · ${nameOf(trip.driver_id)} · ${trip.order_ids.length} ${trip.order_ids.length === 1 ? 'order' : 'orders'}`}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
