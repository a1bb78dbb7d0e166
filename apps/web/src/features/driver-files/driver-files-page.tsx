import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { MESSAGES, type TDriverFile } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { paths, parseIdAndName } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { driverFilesQuery, useDeleteDriverFile } from './api/driver-files';
import { AddDriverFileDialog, EditDriverFileDialog, SendDriverFileDialog } from './driver-file-dialogs';

/** A file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * /driver-file/{id}&{name} (spec 002 "Driver files", route DriverFile): the driver's documents with
 * their titles and download links; each can be e-mailed, renamed or deleted, and Add uploads one.
 * Back returns to the drivers.
 */
export function DriverFilesPage() {
  const terms = useTerms();
  const { idAndName } = useParams();
  const driver = parseIdAndName(idAndName);
  const remove = useDeleteDriverFile();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TDriverFile | null>(null);
  const [sending, setSending] = useState<TDriverFile | null>(null);
  // An address without a driver's id asks the server for none: it answers as for an unknown driver.
  const driverId = driver?.id ?? 0;
  const name = driver?.name || `${terms.driver} #${driverId}`;

  const columns: ListColumn<TDriverFile>[] = [
    { id: 'title', label: 'File Title', render: (f) => f.title },
    {
      id: 'file_name',
      label: 'File Name',
      render: (f) => (
        <Link
          href={f.url}
          download={f.file_name}
          aria-label={`Download ${f.file_name}`}
          sx={{ wordBreak: 'break-all' }}
        >
          {f.file_name}
        </Link>
      ),
    },
    { id: 'size', label: 'Size', align: 'right', nowrap: true, render: (f) => fileSize(f.bytes) },
  ];

  return (
    <ListPage
      title={`Files of ${name}`}
      icon={<FolderOutlined color="primary" />}
      query={({ search }) => driverFilesQuery(driverId, search)}
      columns={columns}
      rowName={(f) => `file ${f.title}`}
      add={{ label: 'Add', onClick: () => setAdding(true) }}
      toolbar={
        <Button
          component={RouterLink}
          to={paths.drivers.getHref()}
          variant="outlined"
          startIcon={<ArrowBackIcon />}
        >
          Back
        </Button>
      }
      rowActions={[
        {
          id: 'email',
          label: (f) => `E-mail file ${f.title}`,
          icon: <EmailOutlined fontSize="small" />,
          onClick: setSending,
        },
      ]}
      onEdit={setEditing}
      remove={{
        question: () => MESSAGES.deleteQuestion('File'),
        run: (f) => remove.mutateAsync(f.id),
        successMessage: MESSAGES.driverFiles.deleted,
        failureMessage: 'Error on deleting',
      }}
      searchLabel="Search by title or file name"
      emptyText={`No files for ${name} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <AddDriverFileDialog driverId={driverId} open={adding} onClose={() => setAdding(false)} />
      <EditDriverFileDialog file={editing} onClose={() => setEditing(null)} />
      <SendDriverFileDialog file={sending} onClose={() => setSending(null)} />
    </ListPage>
  );
}
