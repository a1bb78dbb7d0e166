import OriginsIcon from '@mui/icons-material/WarehouseOutlined';
import type { TDayRange } from '../../components/date-range-filter';
import { PlaceListPage } from '../../components/place-picker';
import { ORIGINS_QUERY_KEY, fetchOrigins } from '../../lib/places';
import { useTerms } from '../../lib/terms';
import { archiveOrigin, saveOrigin } from './api/origins';

/** Origins use the title the API calls them by; the list shows it as the name. */
const fetchOriginPlaces = async (search: string, signal: AbortSignal, added: TDayRange) =>
  (await fetchOrigins(search, signal, added)).map(({ id, title, lat, lon }) => ({
    id,
    name: title,
    lat,
    lon,
  }));

/** /origins: the tenant's origins (warehouses), titled with the warehouse term (spec 001 "Origins"). */
export function OriginsPage() {
  const terms = useTerms();
  return (
    <PlaceListPage
      term={terms.warehouse}
      icon={<OriginsIcon color="primary" />}
      queryKey={ORIGINS_QUERY_KEY}
      fetchRows={fetchOriginPlaces}
      save={saveOrigin}
      archive={archiveOrigin}
      exportPath="v1/origins/export"
      dateControls
    />
  );
}
