import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AdminsIcon from '@mui/icons-material/SupervisorAccountOutlined';
import BackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import type { TAdminRow } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { paths } from '../../lib/paths';
import { tenantListQuery } from '../../lib/api/tenants';
import { AdminDialog } from './admin-dialog';
import { ADMINS_EXPORT_PATH, adminListQuery, useArchiveAdmin } from './api/admins';

const columns: ListColumn<TAdminRow>[] = [
  { id: 'fname', label: 'First name', render: (row) => row.fname },
  { id: 'lname', label: 'Last name', render: (row) => row.lname },
  { id: 'email', label: 'E-mail', render: (row) => row.email },
];

function TenantAdmins({ tenantId }: { tenantId: number }) {
  // The tenant list is small and usually cached from the Tenants screen; it gives the title.
  const tenants = useQuery(tenantListQuery());
  const archive = useArchiveAdmin();
  const tenantName = tenants.data?.find((t) => t.id === tenantId)?.name;
  const [dialog, setDialog] = useState<{ admin: TAdminRow | null } | null>(null);

  return (
    <ListPage
      title={tenantName ? `${tenantName} admins` : 'Tenant admins'}
      icon={<AdminsIcon color="primary" aria-hidden />}
      query={({ search }) => adminListQuery(search, tenantId)}
      columns={columns}
      rowName={(row) => `${row.fname} ${row.lname}`}
      add={{ label: 'Add Admin', onClick: () => setDialog({ admin: null }) }}
      exportFile={{
        path: ADMINS_EXPORT_PATH,
        fileName: `${tenantName ?? 'Tenant'} admins.xlsx`,
        query: () => ({ tenant_id: String(tenantId) }),
      }}
      onEdit={(admin) => setDialog({ admin })}
      remove={{
        question: () => 'Are you sure you want to delete this Admin, This action cannot be undone!',
        run: (row) => archive.mutateAsync(row.id),
        successMessage: 'Admin deleted successfully',
      }}
      searchLabel="Search admins"
      errorText={(message) => `Error on loading: ${message}`}
    >
      <AdminDialog
        open={dialog !== null}
        tenantId={tenantId}
        admin={dialog?.admin ?? null}
        onClose={() => setDialog(null)}
      />
    </ListPage>
  );
}

/** Admins of one tenant (super admin) at /tenant/{id}/admins (spec 001 §2). */
export function TenantAdminsPage() {
  const { id } = useParams();
  const tenantId = Number(id);
  return (
    <>
      {/* The list page pads itself; the link lines up with its heading. */}
      <Box sx={{ px: { xs: 1, sm: 2, md: 3 }, pt: 2 }}>
        <Button component={RouterLink} to={paths.superAdmins.getHref()} startIcon={<BackIcon />}>
          Tenants
        </Button>
      </Box>
      {Number.isInteger(tenantId) && tenantId > 0 ? (
        <TenantAdmins key={tenantId} tenantId={tenantId} />
      ) : (
        <Box role="alert" sx={{ p: 4 }}>
          Unknown tenant.
        </Box>
      )}
    </>
  );
}
