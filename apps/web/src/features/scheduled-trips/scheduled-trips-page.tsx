import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduledTripsIcon from '@mui/icons-material/EventRepeatOutlined';
import {
  MESSAGES,
  REPEAT_TYPE_LABEL,
  TRIPS_PAGE_SIZE,
  TRIPS_PAGE_SIZE_OPTIONS,
  WEEK_DAYS,
  pluralize,
  type TTripScheduleRow,
} from '@fleet/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ExportButton } from '../../components/export-button';
import { LIST_REFRESH_MS, type ListColumn } from '../../components/list-page';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader, SearchField, useSearch } from '../../components/page-header';
import { PagedTable, queryTableState, usePaging } from '../../components/paged-table';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api';
import { formatUtc, toLocalInput } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { SCHEDULES_QUERY_KEY, deleteSchedule, schedulesPageQuery } from './api/schedules';
import { ScheduleDialog } from './schedule-dialog';

const UNIT = { daily: 'days', weekly: 'weeks', monthly: 'months' } as const;

/** "Weekly", "Every 2 weeks", then the week days: "Weekly · Mon, Wed". */
export function repeatText(s: Pick<TTripScheduleRow, 'repeat_type' | 'repeat_interval' | 'days_of_week'>) {
  const every =
    s.repeat_interval === 1
      ? REPEAT_TYPE_LABEL[s.repeat_type]
      : `Every ${s.repeat_interval} ${UNIT[s.repeat_type]}`;
  // Monthly schedules repeat on their start day; their week days mean nothing.
  const days =
    s.repeat_type === 'monthly'
      ? ''
      : (s.days_of_week ?? '')
          .split(',')
          .filter(Boolean)
          .map((d) => WEEK_DAYS[Number(d) - 1]?.label.slice(0, 3))
          .join(', ');
  return days ? `${every} · ${days}` : every;
}

const driverName = (s: TTripScheduleRow) => (s.driver ? `${s.driver.fname} ${s.driver.lname}` : 'N/A');

/** A new schedule starts tomorrow at 08:00, local time, unless changed. */
function tomorrowMorning(): string {
  const now = new Date();
  return toLocalInput(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0));
}

/**
 * /scheduled-trips: the tenant's schedules, server-paged, with search, Add, Export, edit and delete;
 * refreshed every 10 s (spec 001 "Scheduled trips"). Their trips are made by the server ahead of time.
 */
export function ScheduledTripsPage() {
  const terms = useTerms();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const paging = usePaging(TRIPS_PAGE_SIZE);
  const searchBox = useSearch(paging.reset);
  const { search } = searchBox;
  const [editing, setEditing] = useState<TTripScheduleRow | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TTripScheduleRow | null>(null);
  const schedules = useQuery(schedulesPageQuery(paging.page + 1, paging.pageSize, search, LIST_REFRESH_MS));

  const noun = `Scheduled ${terms.trip}`;
  const title = `Scheduled ${pluralize(terms.trip)}`;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteSchedule(deleting.id);
      snackbar.show(`${noun} deleted successfully.`, 'success');
      setDeleting(null);
      refresh();
    } catch (error) {
      snackbar.show(
        error instanceof ApiError && error.responseMessage
          ? error.responseMessage
          : `Failed to delete ${noun}`,
        'error',
      );
    }
  };

  const columns: ListColumn<TTripScheduleRow>[] = [
    { id: 'driver', label: terms.driver, render: driverName },
    { id: 'origin', label: terms.warehouse, render: (s) => s.warehouse?.title ?? '' },
    { id: 'type', label: 'Type', render: (s) => s.type?.title ?? s.type0?.title ?? '' },
    { id: 'start', label: 'Start date', nowrap: true, render: (s) => formatUtc(s.start_date) },
    {
      id: 'end',
      label: 'End date',
      nowrap: true,
      render: (s) => (s.end_date ? formatUtc(s.end_date) : 'No end'),
    },
    { id: 'repeat', label: 'Repeat', render: repeatText },
    {
      id: 'next',
      label: `Next ${terms.trip.toLowerCase()}`,
      nowrap: true,
      render: (s) => (s.next_dates[0] ? formatUtc(s.next_dates[0]) : 'None planned'),
    },
  ];

  const name = (s: TTripScheduleRow) => `${noun} ${s.id} of ${driverName(s)}`;

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={title} icon={<ScheduledTripsIcon color="primary" />}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          Add {noun}
        </Button>
        <ExportButton path="v1/trip-schedules/export" fileName={`${title}.xlsx`} search={search} />
      </PageHeader>

      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <SearchField
            label={`Search by ${terms.driver.toLowerCase()}, ${terms.warehouse.toLowerCase()} or type`}
            {...searchBox.field}
          />
        </Box>
        <PagedTable
          label={title}
          columns={columns}
          rows={schedules.data?.schedules}
          total={schedules.data?.pagination.total_items ?? 0}
          {...paging.tableProps}
          pageSizeOptions={TRIPS_PAGE_SIZE_OPTIONS}
          {...queryTableState(schedules, (message) => `Error on loading: ${message}`)}
          emptyText={`No ${title.toLowerCase()} yet.`}
          actions={(s) => (
            <>
              <Tooltip title="Edit">
                <IconButton size="small" aria-label={`Edit ${name(s)}`} onClick={() => setEditing(s)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" aria-label={`Delete ${name(s)}`} onClick={() => setDeleting(s)}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          )}
        />
      </Paper>

      {editing !== undefined && (
        <ScheduleDialog
          key={editing?.id ?? 'new'}
          schedule={editing}
          newStart={tomorrowMorning()}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            refresh();
            // Its trips were made or changed too.
            void queryClient.invalidateQueries({ queryKey: ['trips'] });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={MESSAGES.deleteQuestion(noun)}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
