import { queryOptions } from '@tanstack/react-query';
import { ZAccidentRow, ZRecordImage } from '@fleet/contract';
import { z } from 'zod';
import { api } from '../../../lib/api/client';
import { localRangeUtc, type TDayRange } from '../../../lib/dates';
import { queryRoots } from '../../../lib/query-keys';

/*
 * Accidents ("Emergency events" for namat; spec 001 "Accidents"): the accidents screen's list by
 * date and an accident's pictures. Drivers report them from the road; the console reads them.
 */

export const accidentKeys = {
  all: queryRoots.accidents,
  list: (range: { fdate: string; tdate: string }) => [...queryRoots.accidents, 'list', range] as const,
  images: (id: number) => [...queryRoots.accidents, 'images', id] as const,
};

/** The accidents list's .xlsx export: the same range and search (`GET v1/accidents/export`). */
export const ACCIDENTS_EXPORT_PATH = 'v1/accidents/export';

/** The accidents of a range of local days, newest first. */
export const accidentListQuery = (range: TDayRange | null) => {
  const bounds = localRangeUtc(range);
  return queryOptions({
    queryKey: accidentKeys.list(bounds),
    queryFn: ({ signal }) =>
      api.post('accident/get-accidents', bounds, { schema: z.array(ZAccidentRow), signal }),
  });
};

/** An accident's pictures with their addresses. */
export const accidentImagesQuery = (id: number) =>
  queryOptions({
    queryKey: accidentKeys.images(id),
    queryFn: ({ signal }) =>
      api.post('accident/get-images', { action_id: id }, { schema: z.array(ZRecordImage), signal }),
  });
