import type { InvoiceItem, InvoiceItemUpdateInput, InvoiceUpdateInput, Product } from '@wd/contracts';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { showAlert } from '../../../lib/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { lookupProducts } from '../../products/api';
import { withCreditConfirmation } from '../../receivables/credit';
import { useAddInvoiceLine, useDeleteInvoiceLine, useUpdateInvoice, useUpdateInvoiceLine } from '../api';
import { useInvoice } from './useInvoice';

export type HeaderChange = Omit<InvoiceUpdateInput, 'id'>;
export type LineChange = Partial<Omit<InvoiceItemUpdateInput, 'id' | 'invoiceID'>>;
export type ScanLookup = { lookup?: string; productID?: number };
/**
 * A scan that added nothing: why, the products the text could mean (several
 * are a choice, not an error), and whether sending it again may help (the
 * server or the network failed, not the match).
 */
export type ScanMiss = { message: string; matches: Product[]; retry: boolean };
const CREDIT_LIMIT_DECLINED = 'Not added: past the credit limit';

/**
 * The edit invoice screen's state and changes: the invoice and its lines,
 * header changes, line changes and scans. A change the server refuses is
 * shown as an alert and the screen shows the server's state again. A submit or
 * line change past the customer's credit limit asks Yes/No first
 * (docs/receivables.md, "Credit limit"); No changes nothing.
 */
export function useInvoiceEditor(id: number) {
  const loaded = useInvoice(id);
  const invoiceID = id;
  const update = useUpdateInvoice();
  const addLine = useAddInvoiceLine();
  const updateLine = useUpdateInvoiceLine();
  const deleteLine = useDeleteInvoiceLine();
  const { resultsPerInputInvoices } = useSettings().settings;

  /** Runs a change; false when the server refused it (then shown as an alert, the screen reloaded) or No was answered. */
  const attempt = async (change: () => Promise<unknown>): Promise<boolean> => {
    try {
      return (await change()) !== false;
    } catch (error) {
      showAlert(errorMessage(error));
      await loaded.reload();
      return false;
    }
  };

  const actions = {
    save: (change: HeaderChange) =>
      attempt(() =>
        withCreditConfirmation((confirmCreditLimit) =>
          update.mutateAsync({ id: invoiceID, ...change, confirmCreditLimit }),
        ),
      ),
    changeLine: (line: InvoiceItem, change: LineChange) =>
      attempt(async () => {
        const done = await withCreditConfirmation((confirmCreditLimit) =>
          updateLine.mutateAsync({
            id: line.id,
            invoiceID,
            quantity: change.quantity ?? line.quantity,
            ...change,
            confirmCreditLimit,
          }),
        );
        // Declined: the line's inputs show what the server still holds.
        if (done === undefined) await loaded.reload();
        return done !== undefined;
      }),
    deleteLine: (line: InvoiceItem) => attempt(() => deleteLine.mutateAsync(line)),
    /**
     * Adds a line by scanned text or a picked product. When the text matches
     * no product or several, it answers why and the products to pick from.
     * It never throws: the scan queue goes on with the next scan.
     */
    scan: async (lookup: ScanLookup): Promise<ScanMiss | null> => {
      try {
        const added = await withCreditConfirmation((confirmCreditLimit) =>
          addLine.mutateAsync({ invoiceID, ...lookup, confirmCreditLimit }),
        );
        return added === undefined ? { message: CREDIT_LIMIT_DECLINED, matches: [], retry: false } : null;
      } catch (error) {
        const unmatched = error instanceof ApiError && (error.status === 404 || error.status === 409);
        const matches =
          unmatched && lookup.lookup
            ? await lookupProducts(lookup.lookup, resultsPerInputInvoices).catch(() => [])
            : [];
        return { message: errorMessage(error), matches, retry: !unmatched };
      }
    },
  };
  // The same functions for the screen's life (calling the latest ones), so the header and notes,
  // memoised, do not render again when a scan changes the lines.
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  const stable = useMemo<typeof actions>(
    () => ({
      save: (change) => latest.current.save(change),
      changeLine: (line, change) => latest.current.changeLine(line, change),
      deleteLine: (line) => latest.current.deleteLine(line),
      scan: (lookup) => latest.current.scan(lookup),
    }),
    [],
  );
  return { ...loaded, ...stable };
}

export type InvoiceEditor = ReturnType<typeof useInvoiceEditor>;
