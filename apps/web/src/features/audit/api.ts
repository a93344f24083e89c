import { useQuery } from '@tanstack/react-query';
import { callRoutes } from '@wd/contracts';
import { callApi } from '../../lib/api-client';
import { listSource } from '../../lib/list-source';
import { createKeys } from '../../lib/query-keys';

const { auditCalls, userCalls } = callRoutes;

/** The audit trail's data layer (admins only, docs/audit.md). */
export const auditKeys = createKeys('audit');

export const auditTrail = listSource(auditCalls.list, auditKeys.list('all'));

/** The kinds of record in the trail, for the Entity filter. */
export function useAuditEntities() {
  return useQuery({
    queryKey: [...auditKeys.all, 'entities'],
    queryFn: async () => (await callApi(auditCalls.entities)).entities,
    staleTime: 60_000,
  });
}

/** The users, for the User filter (an office has tens of them). */
export function useAuditUsers() {
  return useQuery({
    queryKey: [...auditKeys.all, 'users'],
    queryFn: async () =>
      (
        await callApi(userCalls.list, {
          body: { resultsPerPage: 1000, sortingList: [{ column: 'username', order: 'asc' }] },
        })
      ).users,
    staleTime: 60_000,
  });
}
