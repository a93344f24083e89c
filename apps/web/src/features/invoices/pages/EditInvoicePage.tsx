import { Stack } from '@mantine/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useIdParam } from '../../../lib/route-params';
import { PaymentModal, type PaymentTarget } from '../../payments/components/PaymentModal';
import { EditorTitleBar } from '../components/editor/EditorTitleBar';
import { HeaderFields } from '../components/editor/HeaderFields';
import { LinesPanel } from '../components/editor/LinesPanel';
import { NotesFields } from '../components/editor/NotesFields';
import { InvoiceLoader } from '../components/InvoiceLoader';
import { useDiscardedDraftRedirect, useDiscardUntouchedDraft } from '../hooks/useDiscardUntouchedDraft';
import { useInvoiceEditor } from '../hooks/useInvoiceEditor';
import { paymentTarget } from '../payment-target';

/**
 * /invoices/edit/{id}: header, scan box, lines, totals (after NEW), remarks and notes, payments.
 * Leaving a draft nobody touched removes it.
 */
export default function EditInvoicePage() {
  const id = useIdParam() ?? 0;
  const redirect = useDiscardedDraftRedirect(id);
  if (redirect.checking) return <InvoiceLoader />;
  if (redirect.path) return <Navigate to={redirect.path} replace />;
  return <EditInvoiceScreen key={id} id={id} />;
}

function EditInvoiceScreen({ id }: { id: number }) {
  const editor = useInvoiceEditor(id);
  const { invoice, totals, lines, linesError, save } = editor;
  const [paying, setPaying] = useState<PaymentTarget | null>(null);
  useDiscardUntouchedDraft(id, invoice);

  if (!invoice || !totals) return <InvoiceLoader />;
  return (
    <Stack gap="md">
      <EditorTitleBar
        invoice={invoice}
        lineCount={lines.length}
        onSubmit={() => save({ status: 'DUE' })}
        onAddPayment={() => setPaying(paymentTarget(invoice))}
      />
      <HeaderFields invoice={invoice} save={save} />
      <LinesPanel invoice={invoice} totals={totals} lines={lines} linesError={linesError} editor={editor} />
      <NotesFields remarks={invoice.remarks} notes={invoice.notes} save={save} />
      <PaymentModal target={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}
