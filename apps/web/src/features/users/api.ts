import { useQuery } from '@tanstack/react-query';
import type { ListFilterInput, SignUpBody, UpdateUserBody, User } from '@wd/contracts';
import { toListResult } from '../../components/ListPage';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

export const fetchUsers = async (filter: ListFilterInput) =>
  toListResult<User>('users', await api.post('user/all/', filter));

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.user(id ?? ''),
    queryFn: async () => (await api.post<{ user: User }>(`user/${id}/`)).user,
    enabled: Boolean(id),
  });
}

export const createUser = (body: SignUpBody) => api.post<{ user: User }>('user/signUp/', body);
export const updateUser = (body: UpdateUserBody) => api.patch<{ user: User }>('user/update/', body);
