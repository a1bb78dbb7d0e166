import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ExceptionsIcon from '@mui/icons-material/ReportProblemOutlined';
import {
  EXCEPTION_TYPE_LABELS,
  EXCEPTION_TYPES,
  EXCEPTIONS_PAGE_SIZE,
  EXCEPTIONS_REFRESH_MS,
  type TException,
  type TExceptionType,
} from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { useSnackbar } from '../../components/snackbar';
import {
  exceptionDriverName,
  exceptionFallbacks,
  exceptionOrigin,
  exceptionQuery,
  EXCEPTIONS_EXPORT_PATH,
  exceptionTime,
  exceptionTypeLabel,
  exceptionsQuery,
  useMarkExceptionSeen,
} from '../../lib/api/exceptions';
import { MOBILE_MEDIA_QUERY, VISUALLY_HIDDEN } from '../../lib/layout';
import { useTerms } from '../../lib/terms';
import { ExceptionDialog } from './exception-dialog';
import { useHighlightedException } from './use-highlighted-exception';

/** The spec's error of a failed load (002 §8). */
export const EXCEPTIONS_ERROR = 'Error on fetching the Exceptions';
/** The contract's limit of the driver search (`driver_name`). */
const DRIVER_SEARCH_MAX = 100;
const PAGE_SIZE_OPTIONS = [5, EXCEPTIONS_PAGE_SIZE, 25, 50] as const;

// The row markers below are found by the page's styles (`:has`): the shared table styles rows, not cells.
const UNSEEN_ATTR = 'data-unseen';
const HIGHLIGHT_ATTR = 'data-highlighted';

/** Marks the row the bell opened, and scrolls it into view when it appears. */
function HighlightMarker() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    ref.current?.closest('tr')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <Box component="span" ref={ref} {...{ [HIGHLIGHT_ATTR]: '' }} sx={VISUALLY_HIDDEN}>
      Opened from the bell
    </Box>
  );
}

function TypeCell({ exception, highlighted }: { exception: TException; highlighted: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="span"
        {...(exception.seen
          ? { 'aria-hidden': true }
          : { role: 'img', 'aria-label': 'Not seen', [UNSEEN_ATTR]: '' })}
        sx={{
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: exception.seen ? 'transparent' : 'primary.main',
        }}
      />
      <span>{exceptionTypeLabel(exception.type)}</span>
      {highlighted && <HighlightMarker />}
    </Stack>
  );
}

/**
 * /exceptions (spec 002 "Exceptions"): the tenant's exceptions, newest first, searched by driver and
 * filtered by type, in server pages of 10; refreshed every 10 s and by exception events. Unseen rows
 * are bold with a dot; opening a row's info dialog marks it seen. The row the bell opened (session
 * storage, checked every second) is highlighted and scrolled to, and a notice above the table opens it
 * wherever it is in the list.
 */
export function ExceptionsPage() {
  const terms = useTerms();
  const snackbar = useSnackbar();
  const [type, setType] = useState<TExceptionType | ''>('');
  const [shown, setShown] = useState<TException | null>(null);
  const highlighted = useHighlightedException();
  const opened = useQuery({ ...exceptionQuery(highlighted.id ?? 0), enabled: highlighted.id !== null });
  const markSeen = useMarkExceptionSeen();
  const fallback = exceptionFallbacks(terms);
  // Below 1024 px each exception is one cell, a card of its own, instead of a table to scroll sideways.
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);

  const openInfo = (exception: TException) => {
    setShown(exception);
    if (!exception.seen)
      markSeen.mutate(exception.id, {
        onError: () => snackbar.show('The exception could not be marked as seen.', 'error'),
      });
  };

  const columns: ListColumn<TException>[] = mobile
    ? [
        {
          id: 'exception',
          label: 'Exception',
          render: (e) => (
            <Stack spacing={0.25}>
              <TypeCell exception={e} highlighted={e.id === highlighted.id} />
              <Typography variant="body2" sx={{ fontWeight: 'inherit' }}>
                {exceptionDriverName(e, terms)} · {exceptionOrigin(e, terms)}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {e.data.trim() || fallback.message}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {exceptionTime(e)}
              </Typography>
            </Stack>
          ),
        },
      ]
    : [
        {
          id: 'type',
          label: 'Type',
          render: (e) => <TypeCell exception={e} highlighted={e.id === highlighted.id} />,
        },
        { id: 'driver', label: terms.driver, render: (e) => exceptionDriverName(e, terms) },
        { id: 'origin', label: terms.warehouse, render: (e) => exceptionOrigin(e, terms) },
        {
          id: 'destination',
          label: terms.destination,
          // Empty when the exception is about the trip as a whole (a late start).
          render: (e) =>
            e.destination ? e.destination.destination_name?.trim() || fallback.destination : '',
        },
        { id: 'message', label: 'Message', render: (e) => e.data.trim() || fallback.message, prose: true },
        { id: 'time', label: 'Time', nowrap: true, render: exceptionTime },
      ];

  const openedException = highlighted.id !== null && opened.data?.id === highlighted.id ? opened.data : null;

  return (
    <Box
      sx={(theme) => ({
        [`& tbody tr:has([${UNSEEN_ATTR}]) td`]: { fontWeight: 600 },
        // The shared table keeps a desktop width that the one-cell rows below 1024 px do not need.
        [`@media ${MOBILE_MEDIA_QUERY}`]: { '& table': { minWidth: 0 } },
        [`& tbody tr:has([${HIGHLIGHT_ATTR}])`]: {
          bgcolor: alpha(theme.palette.warning.main, 0.16),
          '& td:first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette.warning.main}` },
        },
      })}
    >
      <ListPage
        title="Exceptions"
        icon={<ExceptionsIcon color="primary" />}
        query={({ page, pageSize, search }) =>
          exceptionsQuery({
            page,
            page_size: pageSize,
            ...(type ? { type } : {}),
            ...(search ? { driver_name: search.slice(0, DRIVER_SEARCH_MAX) } : {}),
          })
        }
        serverPage={(data) => ({
          rows: data.data,
          total: data.pagination.total,
          exact: data.pagination.total_exact !== false,
        })}
        paging={{ size: EXCEPTIONS_PAGE_SIZE, options: PAGE_SIZE_OPTIONS }}
        searchLabel={`Search by ${terms.driver.toLowerCase()}`}
        filters={({ resetPage }) => (
          <>
            <TextField
              select
              size="small"
              label="Type"
              value={type}
              onChange={(event) => {
                setType(event.target.value as TExceptionType | '');
                resetPage();
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 280 } }}
            >
              <MenuItem value="">All types</MenuItem>
              {EXCEPTION_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {EXCEPTION_TYPE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {openedException && (
              <Alert
                severity="info"
                action={
                  <>
                    <Button color="inherit" size="small" onClick={() => openInfo(openedException)}>
                      Details
                    </Button>
                    <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={highlighted.clear}>
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </>
                }
                sx={{ flexBasis: '100%', alignItems: 'center' }}
              >
                Opened from the bell: {exceptionTypeLabel(openedException.type)} ·{' '}
                {exceptionDriverName(openedException, terms)} · {exceptionTime(openedException)}
              </Alert>
            )}
          </>
        )}
        exportFile={{
          path: EXCEPTIONS_EXPORT_PATH,
          fileName: 'Exceptions.xlsx',
          query: ({ search }) => ({
            type: type || undefined,
            driver_name: search ? search.slice(0, DRIVER_SEARCH_MAX) : undefined,
          }),
        }}
        refetchIntervalMs={EXCEPTIONS_REFRESH_MS}
        columns={columns}
        rowActions={[
          {
            id: 'info',
            label: (e) => `Info on ${exceptionTypeLabel(e.type)} · ${exceptionDriverName(e, terms)}`,
            icon: <InfoOutlined fontSize="small" />,
            onClick: openInfo,
          },
        ]}
        emptyText={type ? 'No exceptions of this type.' : 'No exceptions to show.'}
        errorText={() => EXCEPTIONS_ERROR}
      >
        <ExceptionDialog exception={shown} onClose={() => setShown(null)} />
      </ListPage>
    </Box>
  );
}
