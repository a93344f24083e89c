import { useQuery } from '@tanstack/react-query';
import { callPath, callRoutes, type EmailOptions, type InvoiceSendResult } from '@wd/contracts';
import { callApi, fetchFile, saveBlob } from '../../lib/api-client';
import { useCallMutation } from '../../lib/mutations';
import { keys } from '../../lib/query-keys';

const { invoiceDocumentCalls, invoiceEdiCalls, invoiceMailCalls } = callRoutes;

/**
 * Invoice documents in the browser (docs/invoice-documents.md): the printed
 * invoice's model, its EDI downloads and sending it by e-mail. The model and
 * the sent messages hang under the invoice's detail key, so any change to the
 * invoice makes its printout stale too.
 */
const documentKey = (id: string | number) => [...keys.invoices.detail(id), 'document'] as const;
const sentKey = (id: string | number) => [...keys.invoices.detail(id), 'sent'] as const;

/** The printed invoice: parties, lines, footer rows and flags. */
export function useInvoiceDocument(id: number) {
  return useQuery({
    queryKey: documentKey(id),
    queryFn: async () => (await callApi(invoiceDocumentCalls.document, { params: { id: id } })).invoiceDocument,
    enabled: id !== undefined,
  });
}

/** The messages sent (or waiting) for an invoice, newest first; quiet when the call is not there. */
export function useSentMessages(id: number) {
  return useQuery({
    queryKey: sentKey(id),
    queryFn: async () => (await callApi(invoiceMailCalls.sent, { params: { id: id } })).outboxMessages,
    enabled: id !== undefined,
    retry: false,
  });
}

export type SendKind = 'pdf' | 'edi';
const sendCalls = { pdf: invoiceMailCalls.send, edi: invoiceMailCalls.sendEdi } as const;

const draftCalls = { pdf: invoiceMailCalls.draft, edi: invoiceMailCalls.draftEdi } as const;

/** What to send: the invoice, and what the clerk changed in the compose step (nothing: the draft as it is). */
export interface SendVars {
  id: number;
  email?: EmailOptions;
}

/** E-mails the invoice's PDF or its EDI files as composed: sent at once or queued in the outbox. */
export const useSendInvoice = (kind: SendKind) =>
  useCallMutation(sendCalls[kind], {
    input: ({ id, email }: SendVars) => ({ params: { id }, body: email ?? {} }),
    invalidates: (_, { id }) => [sentKey(id)],
  });

/** The e-mail as it would go now (sender, recipient, templates filled, files), read afresh each time it opens. */
export function useEmailDraft(id: number | null, kind: SendKind) {
  return useQuery({
    queryKey: [...keys.invoices.detail(id ?? 0), 'emailDraft', kind],
    queryFn: async () => (await callApi(draftCalls[kind], { params: { id: id ?? 0 } })).draft,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export type { InvoiceSendResult };

export type EdiFormat = 'modisoft' | 'cstore';
export const EDI_LABELS: Record<EdiFormat, string> = { modisoft: 'EDI MS', cstore: 'EDI C' };

/** Downloads an EDI file through the API client (the token in the header), under the server's file name. */
export async function downloadEdi(format: EdiFormat, id: number) {
  const fallback = `invoice-${id}-${format}.${format === 'modisoft' ? 'csv' : 'edi'}`;
  const { blob, filename } = await fetchFile(callPath(invoiceEdiCalls[format], { id }), fallback);
  saveBlob(blob, filename);
}
