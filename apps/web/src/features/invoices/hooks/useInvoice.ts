import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useInvoiceItems, useInvoiceSummary } from '../api';

/**
 * One invoice with its totals and lines, for the edit and detail pages; an
 * invoice that cannot be loaded is reported and the user goes back to the list.
 */
export function useInvoice(id: number) {
  const navigate = useNavigate();
  const summary = useInvoiceSummary(id);
  const items = useInvoiceItems(id);

  useEffect(() => {
    if (summary.isError) {
      showAlert(errorMessage(summary.error));
      navigate('/invoices', { replace: true });
    }
  }, [summary.isError, summary.error, navigate]);

  return {
    invoice: summary.data?.invoiceSummary,
    totals: summary.data?.invoiceTotals,
    lines: items.data ?? [],
    linesError: items.isError ? errorMessage(items.error) : null,
    /** Loads both again (after a change the server refused, to show what it holds). */
    reload: () => Promise.all([summary.refetch(), items.refetch()]),
  };
}
