import DestinationsIcon from '@mui/icons-material/PlaceOutlined';
import type { TDestinationRow } from '@fleet/contract';
import { PlaceListPage } from '../../components/place-picker';
import {
  DESTINATIONS_EXPORT_PATH,
  destinationListQuery,
  useArchiveDestination,
  useSaveDestination,
} from '../../lib/api/destinations';
import { useTerms } from '../../lib/terms';

const destinationName = (destination: TDestinationRow) => destination.name;

/** /destinations: the tenant's saved destinations (spec 001 "Destinations"). */
export function DestinationsPage() {
  const terms = useTerms();
  const save = useSaveDestination();
  const archive = useArchiveDestination();
  return (
    <PlaceListPage
      term={terms.destination}
      icon={<DestinationsIcon color="primary" />}
      name={destinationName}
      query={(search) => destinationListQuery(search)}
      save={(destination, id) => save.mutateAsync({ destination, id })}
      archive={archive.mutateAsync}
      exportPath={DESTINATIONS_EXPORT_PATH}
    />
  );
}
