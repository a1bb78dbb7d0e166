import type { TNamedPlace } from '../../../components/place-picker';
import { api } from '../../../lib/api';

/** Adds an origin (no id) or updates one. */
export const saveOrigin = ({ name, lat, lon }: TNamedPlace, id?: number) =>
  id === undefined
    ? api.post('warehouse/add', { title: name, lat, lon })
    : api.post('warehouse/save', { id, title: name, lat, lon });

export const archiveOrigin = (id: number) => api.post('warehouse/archive', { id });
