import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import {
  CRM_ORDER_STATUS_LABEL,
  CUSTOMER_KIND_LABEL,
  type TCrmOrderRow,
  type TCustomerRow,
} from '@fleet/contract';
import {
  ListView,
  type ListColumn,
  type ListConfig,
  type TListPage,
  type TListRow,
} from '../../components/list';
import { PAGE_SX, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/page-spinner';
import { errorMessage } from '../../components/section-panel';
import { ApiError } from '../../lib/api/client';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { crmServerPage, customerOrdersQuery, customerQuery } from './api/records';
import { useAddressList } from './addresses-page';
import { useContactList } from './contacts-page';
import { CRM_PAGING } from './crm-lists';
import { orDash, priceText } from './crm-units';
import { CustomerDialog } from './customer-dialog';
import { TagChips } from './customer-texts';
import { usePetList } from './pets-page';

/** A customer's records of one kind: Add (for this customer), the table, and the dialog. */
function RecordsTab<T extends TListRow, TData, TKey extends QueryKey>({
  label,
  addLabel,
  list,
}: {
  label: string;
  addLabel: string;
  list: {
    add: () => void;
    config: ListConfig<T, TData, TKey> & { serverPage: (data: TData) => TListPage<T> };
    dialog: ReactNode;
  };
}) {
  return (
    <>
      <Box sx={{ p: 2, pb: 0 }}>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={list.add}>
          {addLabel}
        </Button>
      </Box>
      <ListView label={label} {...list.config} />
      {list.dialog}
    </>
  );
}

function CustomerOrders({ customerId }: { customerId: number }) {
  const terms = useTerms();
  const columns: ListColumn<TCrmOrderRow>[] = [
    {
      id: 'reference',
      label: 'Reference',
      nowrap: true,
      render: (o) => (
        <Link component={RouterLink} to={`${paths.crmOrders.getHref()}?order=${o.id}`}>
          {o.reference}
        </Link>
      ),
    },
    { id: 'requested', label: 'Requested', render: (o) => o.requested_date, nowrap: true },
    { id: 'status', label: 'Status', render: (o) => CRM_ORDER_STATUS_LABEL[o.status] },
    { id: 'total', label: 'Total', render: (o) => priceText(o.total, terms), align: 'right', nowrap: true },
  ];
  return (
    <ListView
      label="Orders"
      query={({ page, pageSize, cursor }) => customerOrdersQuery(customerId, { page, pageSize, cursor })}
      serverPage={crmServerPage<TCrmOrderRow>}
      paging={CRM_PAGING}
      columns={columns}
      emptyText="No orders yet."
    />
  );
}

/** One line of the customer's fields. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

const TABS = ['contacts', 'pets', 'addresses', 'orders'] as const;
type TTab = (typeof TABS)[number];
const TAB_LABEL: Record<TTab, string> = {
  contacts: 'Contacts',
  pets: 'Pets',
  addresses: 'Addresses',
  orders: 'Orders',
};

function CustomerDetails({ customer }: { customer: TCustomerRow }) {
  const [tab, setTab] = useState<TTab>('contacts');
  const [editing, setEditing] = useState(false);
  const owner = { id: customer.id, name: customer.name };
  const contacts = useContactList(owner);
  const pets = usePetList(owner);
  const addresses = useAddressList(owner);
  const Icon = customer.kind === 'company' ? BusinessIcon : PersonIcon;
  return (
    <>
      <PageHeader title={customer.name} icon={<Icon color="primary" />}>
        <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          Edit
        </Button>
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Field label="Kind">{CUSTOMER_KIND_LABEL[customer.kind]}</Field>
          <Field label="Phone">{orDash(customer.phone)}</Field>
          <Field label="E-mail">{orDash(customer.email)}</Field>
          <Field label="Tags">{customer.tags.length ? <TagChips tags={customer.tags} /> : '—'}</Field>
        </Box>
        {customer.notes && (
          <Box sx={{ mt: 2 }}>
            <Field label="Notes">
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {customer.notes}
              </Box>
            </Field>
          </Box>
        )}
      </Paper>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, next: TTab) => setTab(next)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Records of the customer"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {TABS.map((t) => (
            <Tab
              key={t}
              value={t}
              label={TAB_LABEL[t]}
              id={`customer-tab-${t}`}
              aria-controls="customer-tab-panel"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="customer-tab-panel" aria-labelledby={`customer-tab-${tab}`}>
          {tab === 'contacts' && <RecordsTab label="Contacts" addLabel="Add contact" list={contacts} />}
          {tab === 'pets' && <RecordsTab label="Pets" addLabel="Add pet" list={pets} />}
          {tab === 'addresses' && <RecordsTab label="Addresses" addLabel="Add address" list={addresses} />}
          {tab === 'orders' && <CustomerOrders customerId={customer.id} />}
        </Box>
      </Paper>
      <CustomerDialog open={editing} row={customer} onClose={() => setEditing(false)} />
    </>
  );
}

/** /crm/customers/{id}: one customer's fields, and its contacts, pets, addresses and orders. */
export function CustomerPage() {
  const { id } = useParams();
  const customerId = Number(id);
  const valid = Number.isInteger(customerId) && customerId > 0;
  const customer = useQuery({ ...customerQuery(customerId), enabled: valid });
  const missing = !valid || (customer.error instanceof ApiError && customer.error.status === 404);

  return (
    <Box component="section" sx={PAGE_SX}>
      <Stack direction="row" sx={{ mb: 1 }}>
        <Button component={RouterLink} to={paths.crmCustomers.getHref()} startIcon={<ArrowBackIcon />}>
          Customers
        </Button>
      </Stack>
      {missing ? (
        <Alert severity="info">That customer is not in your records.</Alert>
      ) : customer.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void customer.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(customer.error)}
        </Alert>
      ) : customer.data ? (
        <CustomerDetails key={customer.data.id} customer={customer.data} />
      ) : (
        <PageSpinner fullScreen={false} label="Loading customer" />
      )}
    </Box>
  );
}
