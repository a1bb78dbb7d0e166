import OriginsIcon from '@mui/icons-material/WarehouseOutlined';
import type { TWarehouseRow } from '@fleet/contract';
import { PlaceListPage } from '../../components/place-picker';
import { ORIGINS_EXPORT_PATH, originListQuery, useArchiveOrigin, useSaveOrigin } from '../../lib/api/origins';
import { useTerms } from '../../lib/terms';

/** Origins are called by their title; the list and the dialog show it as the name. */
const originName = (origin: TWarehouseRow) => origin.title;

/** /origins: the tenant's origins (warehouses), titled with the warehouse term (spec 001 "Origins"). */
export function OriginsPage() {
  const terms = useTerms();
  const save = useSaveOrigin();
  const archive = useArchiveOrigin();
  return (
    <PlaceListPage
      term={terms.warehouse}
      icon={<OriginsIcon color="primary" />}
      name={originName}
      query={originListQuery}
      save={({ name, lat, lon }, id) => save.mutateAsync({ origin: { title: name, lat, lon }, id })}
      archive={archive.mutateAsync}
      exportPath={ORIGINS_EXPORT_PATH}
      dateControls
    />
  );
}
