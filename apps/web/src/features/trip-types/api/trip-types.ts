import type { ZTripTypeInput } from '@fleet/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';

export type TTripTypeValues = z.output<typeof ZTripTypeInput>;

/** Adds a trip type (no id) or updates one. */
export const saveTripType = (values: TTripTypeValues, id?: number) =>
  id === undefined ? api.post('type/add', values) : api.post('type/save', { id, ...values });

export const archiveTripType = (id: number) => api.post('type/archive', { id });
