import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type InvoiceItem, type InvoiceSummary, type InvoiceTotals } from '@wd/contracts';
import { SHORTCUTS } from '../../../../lib/shortcuts';
import type { InvoiceEditor } from '../../hooks/useInvoiceEditor';
import { InvoiceTotalsTable } from '../InvoiceTotalsTable';
import { LinesTable } from '../LinesTable';
import { ScanBox } from '../ScanBox';

/**
 * The scan box, the lines, and the totals: while the invoice is a draft (NEW) a running total
 * beside the scan box (the amount so far, returns taken off), once submitted the totals table.
 */
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
        {isNew && (
          <Group justify="space-between" align="baseline" data-testid="running-totals">
            <Text fz="sm" c="dimmed">
              {lines.length} {lines.length === 1 ? 'line' : 'lines'} · {lines.reduce((n, l) => n + l.quantity, 0)} units
            </Text>
            <Text fz="lg" fw={700} aria-live="polite" data-testid="running-total">
              Running total {formatMoney(totals.total - totals.amountCredited)}
            </Text>
          </Group>
        )}
        {linesError ? (
          <Alert color="red">{linesError}</Alert>
        ) : (
          <LinesTable lines={lines} onChange={editor.changeLine} onDelete={editor.deleteLine} />
        )}
        {!isNew && <InvoiceTotalsTable totals={totals} variant="editor" />}
        {isNew && (
          <Text fz="sm" c="dimmed">
            The totals table (credits, discounts, payments) shows once the invoice is submitted.
          </Text>
        )}
        {isNew && (
          <Text fz="xs" c="dimmed" data-testid="shortcut-hint">
            {SHORTCUTS.submit.label} submit · {SHORTCUTS.addPayment.label} payment · {SHORTCUTS.print.label} print ·{' '}
            {SHORTCUTS.help.label} all shortcuts
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
