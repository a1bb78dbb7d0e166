import { useState } from 'react';
import LogsIcon from '@mui/icons-material/ReportProblemOutlined';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MESSAGES, logUserTypeLabel, type TLogEntry, type TLogExtra } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { formatUtc } from '../../lib/dates';
import { logListQuery, useDeleteLog } from './api/logs';

const SOURCES: Record<TLogExtra['source'], string> = {
  server: 'Server',
  job: 'Background job',
  console: 'Console',
  driver: 'Driver app',
};

/** Extra (spec 002: a null extra shows None): where the error happened, one fact a line. */
function ExtraCell({ extra }: { extra: TLogExtra | null }) {
  if (!extra) return <>None</>;
  const facts = [
    SOURCES[extra.source],
    extra.job && `Job: ${extra.job}`,
    extra.route && `Route: ${extra.route}`,
    extra.request_id && `Request: ${extra.request_id}`,
    extra.app_version && `Version: ${extra.app_version}`,
  ].filter(Boolean);
  return (
    <>
      {facts.map((fact) => (
        <Typography key={fact as string} variant="body2" sx={{ wordBreak: 'break-word' }}>
          {fact}
        </Typography>
      ))}
    </>
  );
}

/** The error, when it happened, and its stack behind a button (a keyboard opens it too). */
function ErrorCell({ entry }: { entry: TLogEntry }) {
  const [open, setOpen] = useState(false);
  const stackId = `log-${entry.id}-stack`;
  return (
    <>
      <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
        {entry.error}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatUtc(entry.created_date)}
      </Typography>
      {entry.stack && (
        <>
          <Button
            size="small"
            aria-expanded={open}
            aria-controls={stackId}
            onClick={() => setOpen((shown) => !shown)}
            sx={{ ml: 1, py: 0, minWidth: 0 }}
          >
            {open ? 'Hide stack' : 'Stack'}
          </Button>
          <Collapse in={open} id={stackId} unmountOnExit>
            <Typography
              component="pre"
              variant="caption"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 480, m: 0 }}
            >
              {entry.stack}
            </Typography>
          </Collapse>
        </>
      )}
    </>
  );
}

const columns: ListColumn<TLogEntry>[] = [
  {
    id: 'file',
    label: 'File',
    render: (e) => <span style={{ wordBreak: 'break-all' }}>{e.file}</span>,
  },
  { id: 'line', label: 'Line', align: 'right', render: (e) => e.line },
  { id: 'error', label: 'Error', render: (e) => <ErrorCell entry={e} /> },
  { id: 'user_id', label: 'User Id', render: (e) => e.user_id ?? 'N.A' },
  { id: 'user_type', label: 'User Type', render: (e) => logUserTypeLabel(e.user_type) },
  { id: 'extra', label: 'Extra', render: (e) => <ExtraCell extra={e.extra} /> },
];

/** Entries match the search by their file, error or route. */
const matches = (entry: TLogEntry, search: string) =>
  `${entry.file} ${entry.error} ${entry.extra?.route ?? ''}`.toLowerCase().includes(search.toLowerCase());

/**
 * /logs (spec 002 "Logs at /logs"): the errors of the admin's tenant (the platform's for the super
 * admin) from the chosen day, newest first, refreshed every 10 s; each can be deleted.
 */
export function LogsPage() {
  const [from, setFrom] = useState('');
  const remove = useDeleteLog();

  return (
    <ListPage
      title="Logs"
      icon={<LogsIcon color="primary" />}
      query={({ search }) => {
        const query = logListQuery(from);
        return search
          ? { ...query, select: (rows: TLogEntry[]) => rows.filter((e) => matches(e, search)) }
          : query;
      }}
      columns={columns}
      rowName={(e) => `log ${e.id}`}
      filters={({ resetPage }) => (
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(event) => {
            setFrom(event.target.value);
            resetPage();
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
      )}
      remove={{
        question: () => MESSAGES.deleteQuestion('Log'),
        run: (e) => remove.mutateAsync(e.id),
        successMessage: MESSAGES.logs.deleted,
        failureMessage: 'Error on deleting',
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by file, error or route"
      emptyText="No errors recorded."
      errorText={(message) => `Error on loading: ${message}`}
    />
  );
}
