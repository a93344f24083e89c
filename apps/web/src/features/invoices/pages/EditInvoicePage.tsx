import { Stack } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { IN_FIELDS } from '../../../components/Shortcuts';
import { lazyNamed, OnceOpened, usePreloaded } from '../../../lib/lazy-dialog';
import { useIdParam } from '../../../lib/route-params';
import { SHORTCUTS } from '../../../lib/shortcuts';
import type { PaymentTarget } from '../../payments/components/PaymentModal';
import { fetchRepricePreview } from '../api';
import { EditorTitleBar } from '../components/editor/EditorTitleBar';
import { HeaderFields } from '../components/editor/HeaderFields';
import { LinesPanel } from '../components/editor/LinesPanel';
import { NotesFields } from '../components/editor/NotesFields';
import { InvoiceLoader } from '../components/InvoiceLoader';
import { RepriceModal, type RepriceOffer } from '../components/RepriceModal';
import { useDiscardedDraftRedirect, useDiscardUntouchedDraft } from '../hooks/useDiscardUntouchedDraft';
import { useInvoiceEditor } from '../hooks/useInvoiceEditor';
import { paymentTarget } from '../payment-target';

// The payment form (and its validation) loads beside the invoice, apart from the editor's code (docs/web.md).
const PaymentModal = lazyNamed(() => import('../../payments/components/PaymentModal'), 'PaymentModal');

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
  const [repricing, setRepricing] = useState<RepriceOffer | null>(null);
  const navigate = useNavigate();
  const paymentLoaded = usePreloaded(PaymentModal);
  // A new customer may price the lines differently: say which, and let the clerk choose.
  const offerReprice = useCallback(async () => {
    const preview = await fetchRepricePreview(id).catch(() => null);
    if (preview && preview.lines.length > 0) setRepricing({ invoiceID: id, ...preview });
  }, [id]);
  useDiscardUntouchedDraft(id, invoice);
  const canSubmit = invoice?.status === 'NEW' && lines.length > 0;
  const submit = () => save({ status: 'DUE' });
  // The counter's shortcuts, in the scan box too (lib/shortcuts.ts; `?` lists them).
  useHotkeys(
    [
      [SHORTCUTS.submit.keys, () => canSubmit && submit()],
      // Nothing to pay on an invoice without lines (its button is disabled too).
      [SHORTCUTS.addPayment.keys, () => invoice && lines.length > 0 && setPaying(paymentTarget(invoice))],
      [SHORTCUTS.print.keys, () => navigate(`/invoices/print/${id}`)],
      [SHORTCUTS.thermal.keys, () => navigate(`/invoices/thermalPrint/${id}`)],
    ],
    IN_FIELDS,
  );

  if (!invoice || !totals) return <InvoiceLoader />;
  return (
    <Stack gap="md">
      <EditorTitleBar
        invoice={invoice}
        lineCount={lines.length}
        onSubmit={submit}
        onAddPayment={() => setPaying(paymentTarget(invoice))}
      />
      <HeaderFields invoice={invoice} save={save} onCustomerChanged={offerReprice} />
      <LinesPanel invoice={invoice} totals={totals} lines={lines} linesError={linesError} editor={editor} />
      <NotesFields remarks={invoice.remarks} notes={invoice.notes} save={save} />
      <OnceOpened open={paying !== null} early={paymentLoaded}>
        <PaymentModal target={paying} onClose={() => setPaying(null)} />
      </OnceOpened>
      <RepriceModal offer={repricing} onClose={() => setRepricing(null)} />
    </Stack>
  );
}
