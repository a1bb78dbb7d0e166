import {
  ZDriverAccident,
  ZDriverFinesPage,
  ZDriverFuel,
  ZDriverLocations,
  ZDriverStudent,
  ZDriverTrip,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api';

/** Calls of the driver details tabs (spec 000 §7). */

const today = () => new Date().toISOString().slice(0, 10);

export const driverTripsQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'trips'],
    queryFn: ({ signal }) =>
      api.post(
        'trip/get-driver-all-trips',
        { driver_id: driverId, fdate: '2020-01-01', tdate: today() },
        { schema: z.array(ZDriverTrip), signal },
      ),
  });

export const driverAccidentsQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'accidents'],
    queryFn: ({ signal }) =>
      api.post(
        'accident/get-driver-accidents',
        { driver_id: driverId },
        { schema: z.array(ZDriverAccident), signal },
      ),
  });

export const driverFinesQuery = (driverId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'fines', page, pageSize],
    queryFn: ({ signal }) =>
      api.post(
        'fine/get-driver-fines',
        { did: driverId },
        { schema: ZDriverFinesPage, query: { page, page_size: pageSize }, signal },
      ),
  });

export const driverFuelQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'fuel'],
    queryFn: ({ signal }) =>
      api.post(
        'diesel-tank/get-driver-diesel-tanks',
        { driver_id: driverId },
        { schema: z.array(ZDriverFuel), signal },
      ),
  });

export const driverLocationsQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'locations'],
    queryFn: ({ signal }) =>
      api.post(
        'driver/get-driver-locations-for-today',
        { id: driverId },
        { schema: ZDriverLocations, signal },
      ),
  });

export const driverStudentsQuery = (driverId: number) =>
  queryOptions({
    queryKey: ['driver-details', driverId, 'students'],
    queryFn: ({ signal }) =>
      api.get('driver/get-driver-students', {
        schema: z.array(ZDriverStudent),
        query: { id: driverId },
        signal,
      }),
  });
