import { useState } from 'react';
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
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { formatUtc, toLocalInput } from '../../lib/dates';
import { useTerms } from '../../lib/terms';
import { SCHEDULES_EXPORT_PATH, scheduleListQuery, useDeleteSchedule } from './api/schedules';
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
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<TTripScheduleRow | null | undefined>(undefined);

  const noun = `Scheduled ${terms.trip}`;
  const title = `Scheduled ${pluralize(terms.trip)}`;

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

  return (
    <ListPage
      title={title}
      icon={<ScheduledTripsIcon color="primary" />}
      query={({ page, pageSize, search }) => scheduleListQuery(page, pageSize, search)}
      serverPage={(data) => ({ rows: data.schedules, total: data.pagination.total_items })}
      paging={{ size: TRIPS_PAGE_SIZE, options: TRIPS_PAGE_SIZE_OPTIONS }}
      searchLabel={`Search by ${terms.driver.toLowerCase()}, ${terms.warehouse.toLowerCase()} or type`}
      refetchIntervalMs={LIST_REFRESH_MS}
      columns={columns}
      rowName={(s) => `${noun} ${s.id} of ${driverName(s)}`}
      add={{ label: `Add ${noun}`, onClick: () => setEditing(null) }}
      exportFile={{ path: SCHEDULES_EXPORT_PATH, fileName: `${title}.xlsx` }}
      onEdit={setEditing}
      remove={{
        question: () => MESSAGES.deleteQuestion(noun),
        run: (s) => remove.mutateAsync(s.id),
        successMessage: `${noun} deleted successfully.`,
        failureMessage: `Failed to delete ${noun}`,
      }}
      emptyText={`No ${title.toLowerCase()} yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      {editing !== undefined && (
        <ScheduleDialog
          key={editing?.id ?? 'new'}
          schedule={editing}
          newStart={tomorrowMorning()}
          onClose={() => setEditing(undefined)}
        />
      )}
    </ListPage>
  );
}
