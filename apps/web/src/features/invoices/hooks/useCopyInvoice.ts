import { notifications } from '@mantine/notifications';
import type { InvoiceCopy } from '@wd/contracts';
import { useNavigate } from 'react-router';
import { type ConfirmOptions, confirm } from '../../../components/confirm';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { useCopyInvoice } from '../api';

/** The invoice a copy is made from, as the list row and the detail page know it. */
export interface CopySource {
  id: number;
  invoiceNo: string;
  customer: string;
}

/** "Copy invoice X to a new draft for <customer>?" */
export function copyQuestion(source: CopySource): ConfirmOptions {
  return {
    title: 'Copy to new invoice',
    message: `Copy invoice ${source.invoiceNo} to a new draft for ${source.customer}?`,
    yes: 'Copy',
    no: 'Cancel',
    danger: false,
  };
}

/** What the copy holds, in words: the lines copied, at today's prices, and the products left out. */
export function copyReport(source: CopySource, answer: InvoiceCopy) {
  const lines = `${answer.copiedLines} line${answer.copiedLines === 1 ? '' : 's'}`;
  const copied = `${answer.invoice.invoiceNo}: copied ${lines} from ${source.invoiceNo} at today's prices.`;
  return answer.skipped.length === 0 ? copied : `${copied} Left out (deleted since): ${answer.skipped.join(', ')}.`;
}

/**
 * Copy to new invoice (docs/business-rules.md, "Copying an invoice"): `copy` makes the
 * copy and opens the new draft's edit screen with a notice of what was copied (it stays
 * until closed when products were left out); `askAndCopy` asks first and reports a refusal.
 */
export function useCopyInvoiceAction() {
  const navigate = useNavigate();
  const { mutateAsync } = useCopyInvoice();
  const copy = async (source: CopySource) => {
    const answer = await mutateAsync(source.id);
    navigate(`/invoices/edit/${answer.invoice.id}`);
    const leftOut = answer.skipped.length > 0;
    notifications.show({
      color: leftOut ? 'yellow' : 'green',
      title: 'Copied to a new draft',
      message: copyReport(source, answer),
      autoClose: leftOut ? false : 6000,
    });
  };
  const askAndCopy = async (source: CopySource) => {
    if (!(await confirm(copyQuestion(source)))) return;
    try {
      await copy(source);
    } catch (error) {
      showAlert(errorMessage(error));
    }
  };
  return { copy, askAndCopy };
}
