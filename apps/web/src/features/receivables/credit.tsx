import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CREDIT_LIMIT_FIELD, callRoutes, formatMoney } from '@wd/contracts';
import { confirm } from '../../components/confirm';
import { ApiError, callApi } from '../../lib/api-client';
import { keys } from '../../lib/query-keys';

const { receivablesCalls } = callRoutes;

/**
 * Credit limit on screens (docs/receivables.md, "Credit limit"): the customer's open balance and
 * limit, and the Yes/No the server asks for when a change takes the balance past the limit.
 */

/**
 * The customer's limit and open balance. `version` is whatever changes when the balance may have
 * (the invoice's status and balance on the invoice screen), so the figures follow each change.
 */
export function useCustomerCredit(customerID: number, version: unknown = null) {
  return useQuery({
    queryKey: [...keys.customers.detail(customerID), 'credit', version],
    queryFn: async () => (await callApi(receivablesCalls.credit, { params: { id: customerID } })).credit,
    enabled: customerID > 0,
  });
}

/** Two short lines under the customer: the open balance and the limit, red with "over limit" when past it; nothing for a walk-in. */
export function CustomerCreditLine({ customerID, version }: { customerID: number; version?: unknown }) {
  const { data } = useCustomerCredit(customerID, version);
  if (customerID <= 0 || !data) return null;
  const color = data.overLimit ? 'red' : 'dimmed';
  return (
    <Stack gap={0} mt={4} data-testid="customer-credit">
      <Text size="xs" c={color}>
        Open balance <b data-testid="customer-open-balance">{formatMoney(data.openBalance)}</b>
      </Text>
      <Text size="xs" c={color}>
        Credit limit{' '}
        <b data-testid="customer-credit-limit">{data.creditLimit > 0 ? formatMoney(data.creditLimit) : 'none'}</b>
        {data.overLimit && <span data-testid="customer-over-limit"> · over limit</span>}
      </Text>
    </Stack>
  );
}

/**
 * Sends a change; when the server answers that it takes the customer past their credit limit,
 * asks Yes/No with the server's message and, on Yes, sends it again confirmed. Answers the
 * change's result, or undefined when the user said No (nothing was changed). Other errors throw.
 */
export async function withCreditConfirmation<T>(
  send: (confirmCreditLimit?: true) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409 && error.field === CREDIT_LIMIT_FIELD)) throw error;
    const yes = await confirm({
      title: 'Past the credit limit',
      message: `${error.message}. Go ahead?`,
      danger: false,
    });
    return yes ? send(true) : undefined;
  }
}
