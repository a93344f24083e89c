import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { InvoiceItem, InvoiceSummary, InvoiceTotals } from '@wd/contracts';
import type { InvoiceEditor } from '../../hooks/useInvoiceEditor';
import { InvoiceTotalsTable } from '../InvoiceTotalsTable';
import { LinesTable } from '../LinesTable';
import { ScanBox } from '../ScanBox';

/** The scan box, the lines, and the totals once the invoice is submitted. */
export function LinesPanel({
  invoice,
  totals,
  lines,
  linesError,
  editor,
}: {
  invoice: InvoiceSummary;
  totals: InvoiceTotals;
  lines: InvoiceItem[];
  linesError: string | null;
  editor: Pick<InvoiceEditor, 'scan' | 'changeLine' | 'deleteLine'>;
}) {
  const isNew = invoice.status === 'NEW';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <ScanBox onScan={editor.scan} />
        {linesError ? (
          <Alert color="red">{linesError}</Alert>
        ) : (
          <LinesTable lines={lines} onChange={editor.changeLine} onDelete={editor.deleteLine} />
        )}
        {!isNew && <InvoiceTotalsTable totals={totals} variant="editor" />}
        {isNew && (
          <Text fz="sm" c="dimmed">
            Totals show once the invoice is submitted. Lines: {lines.length}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
