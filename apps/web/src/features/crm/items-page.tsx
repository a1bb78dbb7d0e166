import ItemsIcon from '@mui/icons-material/Inventory2Outlined';
import { ITEM_IMPORT_COLUMNS, type TItemRow, type TTerms } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { useRefreshAfterChange } from '../../lib/api/change';
import { useTerms } from '../../lib/terms';
import { crmExportPath, crmImportPaths, crmServerPage, itemsQuery, useDeleteItem } from './api/records';
import { CRM_PAGING, crmRemove } from './crm-lists';
import { priceText, weightUnit, withUnit } from './crm-units';
import { ItemDialog } from './item-dialog';
import { useRecordDialog } from './use-record-dialog';

const columns = (terms: TTerms): ListColumn<TItemRow>[] => [
  { id: 'sku', label: 'SKU', render: (i) => i.sku, nowrap: true },
  { id: 'name', label: 'Name', render: (i) => i.name },
  { id: 'unit', label: 'Unit', render: (i) => i.unit },
  {
    id: 'price',
    label: 'Unit price',
    render: (i) => priceText(i.unit_price, terms),
    align: 'right',
    nowrap: true,
  },
  { id: 'weight', label: 'Weight', render: (i) => withUnit(i.weight, weightUnit(terms)), align: 'right' },
  {
    id: 'volume',
    label: 'Volume',
    render: (i) => withUnit(i.volume, terms.liquidUnit.symbol),
    align: 'right',
  },
];

/** /crm/items: the catalogue orders are made of, priced in the tenant's currency. */
export function ItemsPage() {
  const terms = useTerms();
  const dialog = useRecordDialog<TItemRow>();
  const remove = useDeleteItem();
  const refresh = useRefreshAfterChange('crm_item');
  return (
    <ListPage
      title="Items"
      icon={<ItemsIcon color="primary" />}
      query={itemsQuery}
      serverPage={crmServerPage<TItemRow>}
      paging={CRM_PAGING}
      columns={columns(terms)}
      rowName={(i) => i.name}
      add={{ label: 'Add item', onClick: dialog.add }}
      onEdit={dialog.edit}
      remove={crmRemove('Item', remove.mutateAsync)}
      exportFile={{ path: crmExportPath('items'), fileName: 'Items.xlsx' }}
      importFile={{
        title: 'Import items',
        columns: ITEM_IMPORT_COLUMNS,
        ...crmImportPaths('items'),
        onImported: refresh,
      }}
      emptyText="No items yet."
    >
      <ItemDialog open={dialog.open} row={dialog.row} onClose={dialog.close} />
    </ListPage>
  );
}
