import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Call, CallInput, CallResult } from '@wd/contracts';
import { type CallFile, callApi } from './api-client';

export interface CallMutationOptions<C extends Call, V> {
  /** The input of the call from the mutation's variables. */
  input: (vars: V) => CallInput<C> & CallFile;
  /** What the change makes stale (query keys); invalidated once it succeeds. */
  invalidates: (result: CallResult<C>, vars: V) => QueryKey[];
}

/**
 * A mutation hook for one call that owns its cache invalidation, so pages
 * only say what to do next (docs/web.md, "Data layer").
 */
export function useCallMutation<C extends Call, V = CallInput<C> & CallFile>(
  call: C,
  options: CallMutationOptions<C, V>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => callApi(call, options.input(vars)),
    onSuccess: async (result, vars) => {
      await Promise.all(
        options.invalidates(result, vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
