import type { TNamedPlace } from '../../../components/place-picker';
import { api } from '../../../lib/api';

/** Adds a destination (no id) or updates one. */
export const saveDestination = (place: TNamedPlace, id?: number) =>
  id === undefined ? api.post('destination/add', place) : api.post('destination/save', { id, ...place });

export const archiveDestination = (id: number) => api.post('destination/archive', { id });
