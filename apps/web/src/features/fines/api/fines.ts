import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZFineRow,
  ZRecordImage,
  ZTripRow,
  type TFineAdd,
  type TFineRow,
  type TFineSave,
  type TFinesRequest,
} from '@fleet/contract';
import { api, apiRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { localDayBoundsUtc, type TDayRange } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Fines: the fines page and its dialog (spec 001 "Fines"), the fine's pictures, and the trips of one
 * driver the dialog's trip search offers.
 */

export const fineKeys = {
  all: queryRoots.fines,
  list: (range: TFinesRequest) => [...queryRoots.fines, 'list', range] as const,
  pictures: (fineId: number) => [...queryRoots.fines, 'pictures', fineId] as const,
  /** The driver's trips offered by the dialog: trips, refreshed with them. */
  driverTrips: (driverId: number) => [...queryRoots.trips, 'of-driver', driverId] as const,
};

/** Local days as the UTC bounds `fine/get-fines` takes (the first day's start, the last day's end). */
export function fineRangeBounds(range: TDayRange): NonNullable<TFinesRequest> {
  return { fdate: localDayBoundsUtc(range.from)?.start, tdate: localDayBoundsUtc(range.to)?.end };
}

/** The fines list's .xlsx export: the same range and search (`GET v1/fines/export`). */
export const FINES_EXPORT_PATH = 'v1/fines/export';

/** A fine matches the search by its driver's name or its description. */
const matches = (fine: TFineRow, search: string) => {
  const text = `${fine.driver ? `${fine.driver.fname} ${fine.driver.lname}` : ''} ${fine.description}`;
  return text.toLowerCase().includes(search.toLowerCase());
};

/**
 * The fines issued within the local days, newest first. The search filters the answer here: a day's
 * fines are few, and typing then asks the server for nothing.
 */
export const fineListQuery = (range: TDayRange, search: string) => {
  const bounds = fineRangeBounds(range);
  return queryOptions({
    queryKey: fineKeys.list(bounds),
    queryFn: ({ signal }) => api.post('fine/get-fines', bounds, { schema: z.array(ZFineRow), signal }),
    select: search ? (rows: TFineRow[]) => rows.filter((fine) => matches(fine, search)) : undefined,
  });
};

/** A fine's pictures with their ids (to remove one) and addresses. */
export const finePicturesQuery = (fineId: number) =>
  queryOptions({
    queryKey: fineKeys.pictures(fineId),
    queryFn: ({ signal }) =>
      api.get(`v1/fines/${fineId}/pictures`, { schema: z.array(ZRecordImage), signal }),
  });

/** Trips the dialog offers for a fine: the driver's live trips, newest first. */
export const DRIVER_TRIPS_LIMIT = 200;

export const driverTripsQuery = (driverId: number) =>
  queryOptions({
    queryKey: fineKeys.driverTrips(driverId),
    queryFn: ({ signal }) =>
      api.post(
        'trip/get-all-trips-filtred',
        { driver_id: driverId, limit: DRIVER_TRIPS_LIMIT },
        { schema: z.array(ZTripRow), signal },
      ),
    staleTime: 30_000,
  });

/** The values of a new fine, and the pictures chosen with it. */
export interface TNewFine {
  fine: TFineAdd;
  photos: File[];
}

/** A fine and its pictures as one `multipart/form-data` request (the pictures in `photos`). */
function fineForm({ fine, photos }: TNewFine): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fine)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  for (const photo of photos) form.append('photos', photo);
  return form;
}

/** `fine/add` (as a form when pictures come with it), or `fine/save` with the fine's id. */
export function useSaveFine() {
  return useChange('fine', (change: TNewFine | { fine: TFineSave }) =>
    'photos' in change
      ? api.post('fine/add', change.photos.length ? fineForm(change) : change.fine)
      : api.post('fine/save', change.fine),
  );
}

export function useArchiveFine() {
  return useChange('fine', (id: number) => api.post('fine/archive', { id }));
}

/** Adds pictures to a fine; answers the fine's pictures. */
export function useAddFinePictures() {
  return useChange('fine', ({ fineId, photos }: { fineId: number; photos: File[] }) => {
    const form = new FormData();
    for (const photo of photos) form.append('photos', photo);
    return api.post(`v1/fines/${fineId}/pictures`, form, { schema: z.array(ZRecordImage) });
  });
}

/** Removes a picture of a fine; answers the fine's pictures. */
export function useRemoveFinePicture() {
  return useChange('fine', ({ fineId, photoId }: { fineId: number; photoId: number }) =>
    apiRequest(`v1/fines/${fineId}/pictures/${photoId}`, {
      method: 'DELETE',
      schema: z.array(ZRecordImage),
    }),
  );
}
