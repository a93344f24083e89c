import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Call, CallInput, CallResult, CallRoute } from '@wd/contracts';
import { useMemo, useRef } from 'react';
import { ApiError, type CallFile, callApi, newIdempotencyKey } from './api-client';
import type { AreaKeys } from './query-keys';

export interface CallMutationOptions<C extends Call, V> {
  /** The input of the call from the mutation's variables. */
  input: (vars: V) => CallInput<C> & CallFile;
  /** What the change makes stale (query keys); invalidated once it succeeds. */
  invalidates: (result: CallResult<C>, vars: V) => QueryKey[];
  /** Writes the answer into cached queries first, where it holds all they need (no refetch). */
  update?: (client: QueryClient, result: CallResult<C>, vars: V) => void;
}

/**
 * A mutation hook for one call that owns its cache invalidation, so pages
 * only say what to do next (docs/web.md, "Data layer").
 */
export function useCallMutation<C extends Call, V = CallInput<C> & CallFile>(
  call: C | CallRoute<C>,
  options: CallMutationOptions<C, V>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => callApi(call, options.input(vars)),
    onSuccess: async (result, vars) => {
      options.update?.(queryClient, result, vars);
      await Promise.all(
        options.invalidates(result, vars).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

type BodyOf<C extends Call> = CallInput<C> extends { body?: infer B } ? NonNullable<B> : never;

/** A create call (`body` = the new record): every list of the area is stale. */
export function useCreateCall<C extends Call>(call: C | CallRoute<C>, keys: AreaKeys) {
  return useCallMutation(call, {
    input: (body: BodyOf<C>) => ({ body }) as unknown as CallInput<C> & CallFile,
    invalidates: () => [keys.lists()],
  });
}

/** An update call (`body` = `{ id, …changes }`): the lists and that record are stale. */
export function useUpdateCall<C extends Call>(call: C | CallRoute<C>, keys: AreaKeys) {
  return useCallMutation(call, {
    input: (body: BodyOf<C>) => ({ body }) as unknown as CallInput<C> & CallFile,
    invalidates: (_, body) => [keys.lists(), keys.detail((body as unknown as { id: number }).id)],
  });
}

/** A bulk call on ids (delete, recover): records move between the area's lists, so all of it is stale. */
export function useIdsCall<C extends Call>(call: C | CallRoute<C>, keys: AreaKeys) {
  return useCallMutation(call, {
    input: (ids: (number | string)[]) => ({ body: { ids: ids.map(Number) } }) as unknown as CallInput<C> & CallFile,
    invalidates: () => [keys.all],
  });
}

/**
 * A form's Idempotency-Key (docs/api.md): every Save of the same entry sends the same key, so a
 * Save repeated after a lost answer is still one payment. A definite answer (carried out, or
 * refused: nothing changed) starts a new key for the next entry; so does `renew` (a new entry).
 */
export function useWriteKey() {
  const key = useRef(newIdempotencyKey());
  return useMemo(
    () => ({
      async send<T>(write: (idempotencyKey: string) => Promise<T>): Promise<T> {
        try {
          const result = await write(key.current);
          key.current = newIdempotencyKey();
          return result;
        } catch (error) {
          if (error instanceof ApiError && error.status < 500) key.current = newIdempotencyKey();
          throw error;
        }
      },
      renew() {
        key.current = newIdempotencyKey();
      },
    }),
    [],
  );
}
