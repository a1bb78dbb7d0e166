import { useState } from 'react';
import AdminsIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { MESSAGES, type TAdminRow } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { ADMINS_EXPORT_PATH, adminListQuery, useArchiveAdmin } from './api/admins';
import { AdminDialog } from './admin-dialog';

const columns: ListColumn<TAdminRow>[] = [
  { id: 'fname', label: 'First name', render: (a) => a.fname },
  { id: 'lname', label: 'Last name', render: (a) => a.lname },
  { id: 'email', label: 'E-mail', render: (a) => a.email },
];

/** /admins: the users (admins) of the current tenant (spec 001 "Users"). */
export function AdminsPage() {
  const archive = useArchiveAdmin();
  const [editing, setEditing] = useState<TAdminRow | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <ListPage
      title="Users"
      icon={<AdminsIcon color="primary" />}
      query={({ search }) => adminListQuery(search)}
      columns={columns}
      rowName={(a) => `${a.fname} ${a.lname}`}
      add={{
        label: 'Add User',
        onClick: () => {
          setEditing(null);
          setOpen(true);
        },
      }}
      exportFile={{ path: ADMINS_EXPORT_PATH, fileName: 'Users.xlsx' }}
      onEdit={(a) => {
        setEditing(a);
        setOpen(true);
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion('User'),
        run: (a) => archive.mutateAsync(a.id),
        successMessage: MESSAGES.admin.deleted,
      }}
      searchLabel="Search by name or e-mail"
      emptyText="No users yet."
    >
      <AdminDialog open={open} admin={editing} onClose={() => setOpen(false)} />
    </ListPage>
  );
}
