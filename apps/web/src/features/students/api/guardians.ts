import { queryOptions } from '@tanstack/react-query';
import { ZGuardianList } from '@fleet/contract';
import { apiSuccessRequest } from '../../../lib/api/client';
import { queryRoots } from '../../../lib/query-keys';

/* The tenant's guardians (`v1/school-bus/guardians`): the student dialog picks existing ones from them. */

export const guardianKeys = {
  all: queryRoots.guardians,
  options: () => [...queryRoots.guardians, 'options'] as const,
};

export const guardianOptionsQuery = () =>
  queryOptions({
    queryKey: guardianKeys.options(),
    queryFn: async ({ signal }) =>
      (await apiSuccessRequest('v1/school-bus/guardians', { schema: ZGuardianList, signal })).guardians,
    // The picker's list changes rarely while a dialog is open.
    staleTime: 30_000,
  });
