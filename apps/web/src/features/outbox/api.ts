import { callRoutes } from '@wd/contracts';
import { listSource } from '../../lib/list-source';
import { useCallMutation } from '../../lib/mutations';
import { createKeys, keys } from '../../lib/query-keys';

const { outboxCalls } = callRoutes;

/** The outbox's data layer (admins only): the list of messages and Retry. */
export const outboxKeys = createKeys('outbox');

export const allOutboxMessages = listSource(outboxCalls.list, outboxKeys.list('all'));

/** Tries a message again now; the outbox lists and its invoice (its "last sent") are stale after. */
export const useRetryOutboxMessage = () =>
  useCallMutation(outboxCalls.retry, {
    input: (id: number) => ({ params: { id } }),
    invalidates: (result) => [outboxKeys.all, keys.invoices.detail(result.outboxMessage.invoiceID)],
  });
