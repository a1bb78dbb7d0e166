import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  ZDriverTrip,
  ZFinanceDayRow,
  ZFinanceEmail,
  ZReportSent,
  ZWorkingHoursRow,
  type TReportRange,
} from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Working-time reports (spec 002 "Driver summary", "Driver trips screen", "Driver finance summary",
 * "All-drivers finance summary send screen"; decision 0028). Days travel as the tenant's days.
 */

export const reportKeys = {
  all: queryRoots.reports,
  summary: (range: TReportRange) => [...queryRoots.reports, 'summary', range] as const,
  days: (id: number, range: TReportRange) => [...queryRoots.reports, 'days', id, range] as const,
  trips: (id: number, range: TReportRange) => [...queryRoots.reports, 'trips', id, range] as const,
  financeEmail: () => [...queryRoots.reports, 'finance-email'] as const,
};

/** Every driver's working hours, trips, accidents, refuels and pay of the period. */
export const workingHoursQuery = (range: TReportRange) =>
  queryOptions({
    queryKey: reportKeys.summary(range),
    queryFn: ({ signal }) =>
      api.post('driver/get-drivers-working-hours', range, { schema: z.array(ZWorkingHoursRow), signal }),
  });

/** One driver's worked days of the period (the finance summary's rows). */
export const workingDaysQuery = (id: number, range: TReportRange) =>
  queryOptions({
    queryKey: reportKeys.days(id, range),
    queryFn: ({ signal }) =>
      api.post(
        'driver/get-drivers-working-hours-by-id',
        { ...range, id },
        { schema: z.array(ZFinanceDayRow), signal },
      ),
  });

/** One driver's trips planned in the period (the Driver trips screen). */
export const driverAllTripsQuery = (driverId: number, range: TReportRange) =>
  queryOptions({
    queryKey: reportKeys.trips(driverId, range),
    queryFn: ({ signal }) =>
      api.post(
        'trip/get-driver-all-trips',
        { ...range, driver_id: driverId },
        { schema: z.array(ZDriverTrip), signal },
      ),
  });

/** The tenant's finance address, the Send File dialog's To. */
export const financeEmailQuery = () =>
  queryOptions({
    queryKey: reportKeys.financeEmail(),
    queryFn: ({ signal }) => api.post('settings/finance-email', undefined, { schema: ZFinanceEmail, signal }),
  });

/** Paths of the reports' workbooks. */
export const WORKING_HOURS_EXPORT_PATH = 'v1/reports/working-hours/export';
export const DRIVER_TRIPS_EXPORT_PATH = 'v1/reports/driver-trips/export';

export interface TSendFinanceInput {
  fdate: string;
  tdate: string;
  email: string;
  /** 1 PDF, 2 Excel. */
  type: number;
  confirmOutside: boolean;
}

/** `driver/send-driver-finance-summary`: one driver's summary, built and e-mailed by the server. */
export function useSendDriverFinance() {
  return useMutation({
    mutationFn: ({ driver, confirmOutside, ...input }: TSendFinanceInput & { driver: number }) =>
      api.post(
        'driver/send-driver-finance-summary',
        { ...input, driver, ...(confirmOutside ? { confirm_outside: true } : {}) },
        { schema: ZReportSent.nullable() },
      ),
  });
}

/** `driver/send-all-driver-finance-summary`: every (or the selected) driver's summary in one file. */
export function useSendAllFinance() {
  return useMutation({
    mutationFn: ({
      selected,
      confirmOutside,
      ...input
    }: TSendFinanceInput & { selected: number[] | undefined }) =>
      api.post(
        'driver/send-all-driver-finance-summary',
        {
          ...input,
          ...(selected ? { selected_Drivers: selected } : {}),
          ...(confirmOutside ? { confirm_outside: true } : {}),
        },
        { schema: ZReportSent.nullable() },
      ),
  });
}
