import { useState } from 'react';
import Chip from '@mui/material/Chip';
import TenantsIcon from '@mui/icons-material/ApartmentOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type TTenantRow } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { useSnackbar } from '../../components/snackbar';
import { paths } from '../../lib/paths';
import { ApiError } from '../../lib/api/client';
import { defaultSettingsQuery, storedTenantSettingsQuery, tenantTypesQuery } from '../../lib/api/settings';
import { tenantListQuery, useArchiveTenant } from '../../lib/api/tenants';
import { settingsToForm } from '../../lib/tenant-settings';
import { TenantDialog, type TTenantForm } from './tenant-dialog';

const SETTINGS_FETCH_FAILED = 'Failed to fetch settings';

interface DialogState {
  tenant: TTenantRow | null;
  values: TTenantForm;
}

/** Tenants (super admin) at /super-admins (spec 001 §2). */
export function TenantsPage() {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const types = useQuery(tenantTypesQuery());
  const defaults = useQuery(defaultSettingsQuery());
  const archive = useArchiveTenant();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  const typeName = (value: string) => types.data?.find((t) => t.value === value)?.name ?? value;

  const openAdd = () => {
    const settings = settingsToForm([], { defaults: defaults.data });
    setDialog({
      tenant: null,
      values: { ...settings, name: '', type: types.data?.[0]?.value ?? '', is_enabled_crm: false },
    });
  };

  // The dialog starts from the tenant's stored settings, so they are loaded before it opens.
  const openEdit = async (tenant: TTenantRow) => {
    try {
      const stored = await queryClient.fetchQuery(storedTenantSettingsQuery(tenant.id));
      const settings = settingsToForm(stored, { defaults: defaults.data, tenantType: tenant.type });
      setDialog({
        tenant,
        values: {
          ...settings,
          name: tenant.name,
          type: tenant.type,
          is_enabled_crm: tenant.is_enabled_crm === 1,
        },
      });
    } catch (error) {
      snackbar.show(
        error instanceof ApiError ? `${SETTINGS_FETCH_FAILED}: ${error.message}` : SETTINGS_FETCH_FAILED,
        'error',
      );
    }
  };

  const columns: ListColumn<TTenantRow>[] = [
    { id: 'name', label: 'Tenant name', render: (row) => row.name },
    { id: 'type', label: 'Type', render: (row) => typeName(row.type) },
    {
      id: 'crm',
      label: 'CRM',
      render: (row) =>
        row.is_enabled_crm === 1 ? (
          <Chip size="small" color="primary" variant="outlined" label="Enabled" />
        ) : (
          <Chip size="small" variant="outlined" label="Off" />
        ),
    },
    { id: 'created', label: 'Created date', render: (row) => row.created_date.slice(0, 10) },
    { id: 'admins', label: 'Admins', align: 'right', render: (row) => row.admin_count },
  ];

  return (
    <ListPage
      title="Tenants"
      icon={<TenantsIcon color="primary" aria-hidden />}
      query={({ search }) => tenantListQuery(search)}
      columns={columns}
      rowName={(row) => row.name}
      add={{ label: 'Add Tenant', onClick: openAdd }}
      onEdit={(row) => void openEdit(row)}
      remove={{
        question: () => MESSAGES.deleteQuestion('Tenant'),
        run: (row) => archive.mutateAsync(row.id),
        successMessage: MESSAGES.tenant.deleted,
      }}
      rowActions={[
        {
          id: 'admins',
          label: (row) => `Admins of ${row.name}`,
          icon: <InfoIcon />,
          href: (row) => paths.tenantAdmins.getHref({ id: row.id }),
        },
      ]}
      searchLabel="Search tenants"
      errorText={(message) => `Error on loading: ${message}`}
    >
      <TenantDialog
        open={dialog !== null}
        tenant={dialog?.tenant ?? null}
        defaultValues={dialog?.values ?? { ...settingsToForm([]), name: '', type: '', is_enabled_crm: false }}
        onClose={() => setDialog(null)}
      />
    </ListPage>
  );
}
