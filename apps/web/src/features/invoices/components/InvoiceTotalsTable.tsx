import { Table } from '@mantine/core';
import { formatMoney, type InvoiceTotals } from '@wd/contracts';

type Row = { label: string; value: number; strong?: boolean };

/** The edit screen's short form: every figure, the balance in bold. */
const editorRows = (t: InvoiceTotals): Row[] => [
  { label: 'Total', value: t.total },
  { label: 'Credit', value: t.amountCredited },
  { label: 'Discount', value: t.discountRedeemed },
  { label: 'Paid', value: t.paid },
  { label: 'Balance', value: t.balance, strong: true },
];

/** The document's form: no discount line when there is none; the suggested figures when the invoice shows them. */
const documentRows = (t: InvoiceTotals, suggested: boolean): Row[] => [
  { label: 'Total Amount', value: t.total },
  { label: 'Total Credit', value: t.amountCredited },
  ...(t.discountRedeemed !== 0 ? [{ label: 'Redeemed Discount Value', value: t.discountRedeemed }] : []),
  { label: 'Total Paid', value: t.paid },
  { label: 'Total Balance', value: t.balance },
  ...(suggested
    ? [
        { label: 'Total Sugg', value: t.totalSuggested },
        { label: 'Sugg Credit', value: t.suggestedCredited },
        { label: 'Sugg Balance', value: t.suggestedBalance },
      ]
    : []),
];

/** The rows of the totals table in either form. */
export const totalsRows = (t: InvoiceTotals, variant: 'editor' | 'document', suggested = false): Row[] =>
  variant === 'editor' ? editorRows(t) : documentRows(t, suggested);

/**
 * An invoice's totals (docs/business-rules.md), right-aligned under its lines:
 * `editor` on the edit screen, `document` on the invoice as the customer sees it.
 */
export function InvoiceTotalsTable({
  totals,
  variant,
  showSuggested = false,
}: {
  totals: InvoiceTotals;
  variant: 'editor' | 'document';
  showSuggested?: boolean;
}) {
  const editor = variant === 'editor';
  const rows = totalsRows(totals, variant, showSuggested);
  return (
    <Table
      withTableBorder
      fz="sm"
      ml="auto"
      {...(editor ? { maw: 420, 'data-testid': 'invoice-totals' } : { maw: 380, mt: 'md' })}
    >
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td style={{ textAlign: 'right', fontWeight: row.strong ? 700 : undefined }}>
              {formatMoney(row.value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
