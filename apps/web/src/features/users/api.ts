import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { useCreateCall, useUpdateCall } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { userCalls } = callRoutes;

/** The users area's data layer (admins only): the list, one user, create and update. */
const userKeys = keys.users;

export const allUsers = listSource(userCalls.list, userKeys.list('all'));

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: async () => (await callApi(userCalls.get, { params: { name: id ?? '' } })).user,
    enabled: Boolean(id),
  });
}

export const useCreateUser = () => useCreateCall(userCalls.signUp, userKeys);

export const useUpdateUser = () => useUpdateCall(userCalls.update, userKeys);
