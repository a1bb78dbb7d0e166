import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import ReadIcon from '@mui/icons-material/DraftsOutlined';
import type { TContactRequestRow } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { contactRequestListQuery } from './api/content';

const KIND_LABELS: Record<TContactRequestRow['kind'], string> = {
  landing: 'Demo or consultation',
  contact: 'Contact form',
  newsletter: 'Newsletter',
};

/** New requests show up without a reload. */
const INBOX_REFRESH_MS = 30_000;
const PREVIEW_LENGTH = 90;

const shorten = (text: string | null) =>
  !text ? '—' : text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;

const columns: ListColumn<TContactRequestRow>[] = [
  {
    id: 'received',
    label: 'Received (UTC)',
    render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{row.created_at}</Box>,
  },
  {
    id: 'kind',
    label: 'Kind',
    render: (row) => <Chip size="small" variant="outlined" label={KIND_LABELS[row.kind]} />,
  },
  {
    id: 'from',
    label: 'From',
    render: (row) => (
      <>
        {row.name && <Typography variant="body2">{row.name}</Typography>}
        <Link href={`mailto:${row.email}`} variant="body2">
          {row.email}
        </Link>
      </>
    ),
  },
  {
    id: 'company',
    label: 'Company',
    render: (row) => [row.company, row.company_size].filter(Boolean).join(' · ') || '—',
  },
  {
    id: 'phone',
    label: 'Phone',
    render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{row.phone ?? '—'}</Box>,
  },
  {
    id: 'message',
    label: 'Message',
    prose: true,
    render: (row) => <Box sx={{ minWidth: 240 }}>{shorten(row.message)}</Box>,
  },
  {
    id: 'mailed',
    label: 'Mailed to sales',
    render: (row) =>
      row.mailed ? (
        <Chip size="small" color="success" variant="outlined" label="Sent" />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label="Not sent" />
      ),
  },
];

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </div>
  );
}

function RequestDialog({ request, onClose }: { request: TContactRequestRow | null; onClose: () => void }) {
  return (
    <Dialog open={request !== null} onClose={onClose} aria-labelledby="request-title" fullWidth maxWidth="sm">
      {request && (
        <>
          <DialogTitle id="request-title">{KIND_LABELS[request.kind]}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Detail label="Received (UTC)">{request.created_at}</Detail>
              <Detail label="From">
                {request.name ? `${request.name} · ` : ''}
                <Link href={`mailto:${request.email}`}>{request.email}</Link>
              </Detail>
              {(request.company || request.company_size) && (
                <Detail label="Company">
                  {[request.company, request.company_size].filter(Boolean).join(' · ')}
                </Detail>
              )}
              {request.phone && <Detail label="Phone">{request.phone}</Detail>}
              <Detail label="Message">
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{request.message || '—'}</Typography>
              </Detail>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button href={`mailto:${request.email}`}>Reply by e-mail</Button>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/**
 * The inbox (super admin): what visitors sent through the contact page, the landing form and the
 * newsletter box, newest first. Each was also mailed to the sales inbox; "Not sent" means the mail failed.
 */
export function InboxPage() {
  const [reading, setReading] = useState<TContactRequestRow | null>(null);
  return (
    <ListPage
      title="Inbox"
      icon={<InboxIcon color="primary" aria-hidden />}
      query={({ search }) => contactRequestListQuery(search)}
      columns={columns}
      rowName={(row) => row.name || row.email}
      rowActions={[
        {
          id: 'read',
          label: (row) => `Read the request from ${row.name || row.email}`,
          icon: <ReadIcon fontSize="small" />,
          onClick: setReading,
        },
      ]}
      refetchIntervalMs={INBOX_REFRESH_MS}
      searchLabel="Search requests"
      emptyText="No requests yet."
      errorText={(message) => `Error on loading: ${message}`}
    >
      <RequestDialog request={reading} onClose={() => setReading(null)} />
    </ListPage>
  );
}
