import PetsIcon from '@mui/icons-material/PetsOutlined';
import { PET_SPECIES_LABEL, type TCustomerRef, type TPetRow, type TTerms } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { useTerms } from '../../lib/terms';
import { crmExportPath, petsQuery, useDeletePet } from './api/records';
import { orDash, weightUnit, withUnit } from './crm-units';
import { customerRecordsConfig } from './customer-records';
import { PetDialog } from './pet-dialog';
import { useRecordDialog } from './use-record-dialog';

const columns = (terms: TTerms): ListColumn<TPetRow>[] => [
  { id: 'name', label: 'Name', render: (p) => p.name },
  { id: 'species', label: 'Species', render: (p) => PET_SPECIES_LABEL[p.species] },
  { id: 'breed', label: 'Breed', render: (p) => orDash(p.breed) },
  { id: 'birth', label: 'Birth date', render: (p) => orDash(p.birth_date), nowrap: true },
  { id: 'weight', label: 'Weight', render: (p) => withUnit(p.weight, weightUnit(terms)), align: 'right' },
  { id: 'needs', label: 'Special needs', render: (p) => orDash(p.special_needs), prose: true },
];

/** The pets list as configuration, with its dialog: every pet, or one customer's (its detail view). */
export function usePetList(customer?: TCustomerRef) {
  const terms = useTerms();
  const dialog = useRecordDialog<TPetRow>();
  const remove = useDeletePet();
  return {
    add: dialog.add,
    config: customerRecordsConfig({
      noun: 'Pet',
      plural: 'pets',
      query: petsQuery,
      customer,
      customerLabel: 'Owner',
      columns: columns(terms),
      rowName: (p) => p.name,
      onEdit: dialog.edit,
      deleteRow: remove.mutateAsync,
    }),
    dialog: <PetDialog open={dialog.open} row={dialog.row} customer={customer} onClose={dialog.close} />,
  };
}

/** /crm/pets: the customers' pets, for pet transport, grooming and vet runs. */
export function PetsPage() {
  const list = usePetList();
  return (
    <ListPage
      title="Pets"
      icon={<PetsIcon color="primary" />}
      {...list.config}
      add={{ label: 'Add pet', onClick: list.add }}
      exportFile={{ path: crmExportPath('pets'), fileName: 'Pets.xlsx' }}
    >
      {list.dialog}
    </ListPage>
  );
}
