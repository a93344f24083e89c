import { Badge, Button, Group } from '@mantine/core';
import type { InvoiceSummary } from '@wd/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../../components/PageTitle';
import { StatusBadge } from '../../../../components/StatusBadge';
import { DeleteInvoiceButton } from '../DeleteInvoiceButton';

/** The edit screen's title (number, status, consignment state) and its buttons. */
export function EditorTitleBar({
  invoice,
  lineCount,
  onSubmit,
  onAddPayment,
}: {
  invoice: InvoiceSummary;
  lineCount: number;
  onSubmit(): void;
  onAddPayment(): void;
}) {
  // Submitted by its button, the button goes with the draft: the focus moves on to Add Payment,
  // the next step, instead of falling back to the page (Alt+S from the scan box leaves it there).
  const addPayment = useRef<HTMLButtonElement>(null);
  const wasNew = useRef(invoice.status === 'NEW');
  useEffect(() => {
    const submitted = wasNew.current && invoice.status !== 'NEW';
    wasNew.current = invoice.status === 'NEW';
    if (submitted && document.activeElement === document.body) addPayment.current?.focus();
  }, [invoice.status]);
  return (
    <PageTitle
      title={
        <Group gap="sm">
          <span>{invoice.invoiceNo}</span>
          <StatusBadge status={invoice.status} />
          {invoice.type === 'consignment' && <Badge variant="outline">Consignment {invoice.consignmentStatus}</Badge>}
        </Group>
      }
    >
      <Button variant="default" component={Link} to="/invoices">
        Back
      </Button>
      {invoice.status === 'NEW' && (
        <Button onClick={onSubmit} disabled={lineCount === 0} data-testid="submit-invoice">
          Submit
        </Button>
      )}
      <Button
        ref={addPayment}
        variant="light"
        onClick={onAddPayment}
        disabled={lineCount === 0}
        title={lineCount === 0 ? 'Add a line first: there is nothing to pay' : undefined}
      >
        Add Payment
      </Button>
      <Button variant="light" component={Link} to={`/payment/invoice/${invoice.id}`}>
        View Payments
      </Button>
      <DeleteInvoiceButton id={invoice.id} message={`${invoice.invoiceNo}, its lines and its payments`} />
    </PageTitle>
  );
}
