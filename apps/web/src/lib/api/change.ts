import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterChange, type TChangedEntity } from '../query-keys';

/**
 * A write of `entity` as a mutation: once it succeeds, what a change of the entity makes stale is
 * refreshed (`STALE_AFTER_CHANGE`), as the event stream will do for changes made elsewhere.
 */
export function useChange<TVariables, TData>(
  entity: TChangedEntity,
  write: (variables: TVariables) => Promise<TData>,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => refreshAfterChange(queryClient, entity) });
}

/** Refreshes what a change of `entity` makes stale, after a write made without a mutation (an import). */
export function useRefreshAfterChange(entity: TChangedEntity): () => void {
  const queryClient = useQueryClient();
  return () => refreshAfterChange(queryClient, entity);
}
