import { ZTripOrder, type TTripOrderRequest } from '@fleet/contract';
import { api } from './client';

/**
 * `v1/trips/optimise-order`: the order of a plan's stops that drives least while keeping each
 * promised arrival. A proposal only: nothing is stored, so no query key or change follows it.
 */
export const askTripOrder = (body: TTripOrderRequest) =>
  api.post('v1/trips/optimise-order', body, { schema: ZTripOrder });
