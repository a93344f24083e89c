import { useQuery } from '@tanstack/react-query';
import { callPath, callRoutes, type StatementPeriod } from '@wd/contracts';
import { callApi, fetchFile, saveBlob } from '../../lib/api-client';

const { receivablesCalls, statementMailCalls } = callRoutes;

/** A customer's statement for a period (docs/receivables.md). */
export function useStatement(id: number, period: StatementPeriod) {
  return useQuery({
    queryKey: ['receivables', 'statement', id, period.startDate ?? '', period.endDate ?? ''],
    queryFn: async () => (await callApi(receivablesCalls.statement, { params: { id }, body: period })).statement,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The statement PDF, saved under the server's file name. */
export async function downloadStatementPdf(id: number, period: StatementPeriod) {
  const { blob, filename } = await fetchFile(
    callPath(receivablesCalls.statementPdf, { id }),
    `statement-${id}.pdf`,
    period,
  );
  saveBlob(blob, filename);
}

/** E-mails the statement PDF to the customer through the outbox (sent at once, or queued). */
export function emailStatement(id: number, period: StatementPeriod) {
  return callApi(statementMailCalls.send, { params: { id }, body: period });
}
