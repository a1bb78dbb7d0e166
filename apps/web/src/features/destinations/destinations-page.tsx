import DestinationsIcon from '@mui/icons-material/PlaceOutlined';
import { PlaceListPage } from '../../components/place-picker';
import { DESTINATIONS_QUERY_KEY, fetchDestinations } from '../../lib/places';
import { useTerms } from '../../lib/terms';
import { archiveDestination, saveDestination } from './api/destinations';

/** /destinations: the tenant's saved destinations (spec 001 "Destinations"). */
export function DestinationsPage() {
  const terms = useTerms();
  return (
    <PlaceListPage
      term={terms.destination}
      icon={<DestinationsIcon color="primary" />}
      queryKey={DESTINATIONS_QUERY_KEY}
      fetchRows={fetchDestinations}
      save={saveDestination}
      archive={archiveDestination}
      exportPath="v1/destinations/export"
    />
  );
}
