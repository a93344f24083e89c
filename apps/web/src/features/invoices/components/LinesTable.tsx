import { ActionIcon, Button, Checkbox, Modal, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatMoney, type InvoiceItem } from '@wd/contracts';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DialogActions } from '../../../components/DialogActions';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { useProductHistory } from '../api';
import type { LineChange } from '../hooks/useInvoiceEditor';
import { VirtualRows } from './editor/VirtualRows';
import { focusScanBox } from './ScanBox';

/** From this many lines only the rows near the screen are in the page (a 500-line invoice opens and scans fast). */
export const VIRTUAL_FROM = 100;

interface LinesTableProps {
  lines: InvoiceItem[];
  onChange(line: InvoiceItem, change: LineChange): Promise<boolean>;
  onDelete(line: InvoiceItem): Promise<unknown>;
}

/** What a row can do; one object for the table's life, so a row renders again only when its line changes. */
interface RowActions {
  change(line: InvoiceItem, change: LineChange): void;
  remove(line: InvoiceItem): void;
  price(line: InvoiceItem): void;
}

/**
 * The lines: quantity stepper (negative for returns), edit-price popup,
 * damaged checkbox, delete. Rows are memoised: a scan that adds one line to
 * a 500-line invoice renders one row, not 500. A long invoice renders only
 * the rows near the screen (VirtualRows); scrolling brings any line in.
 */
export function LinesTable({ lines, onChange, onDelete }: LinesTableProps) {
  const [pricing, setPricing] = useState<InvoiceItem | null>(null);
  const latest = useRef({ onChange, onDelete });
  useLayoutEffect(() => {
    latest.current = { onChange, onDelete };
  });
  const actions = useMemo<RowActions>(
    () => ({
      change: (line, change) => void latest.current.onChange(line, change),
      remove: (line) => void latest.current.onDelete(line),
      price: setPricing,
    }),
    [],
  );
  return (
    <>
      <Table striped withTableBorder fz="sm" data-testid="invoice-lines" data-line-count={lines.length}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Barcode</Table.Th>
            <Table.Th style={{ width: 130 }}>Qty</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Retail</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Subtotal</Table.Th>
            <Table.Th>Damaged</Table.Th>
            {/* The delete buttons' column: named for a screen reader, blank on screen. */}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center" py="sm">
                  No lines yet: scan a product.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {lines.length < VIRTUAL_FROM ? (
            lines.map((l, i) => <LineRow key={l.id} line={l} n={i + 1} actions={actions} />)
          ) : (
            <VirtualRows
              lines={lines}
              row={(l, i, measure) => <LineRow key={l.id} line={l} n={i + 1} actions={actions} measure={measure} />}
            />
          )}
        </Table.Tbody>
      </Table>
      <PriceModal line={pricing} onClose={() => setPricing(null)} onSave={(p) => onChange(pricing!, p)} />
    </>
  );
}

interface LineRowProps {
  line: InvoiceItem;
  n: number;
  actions: RowActions;
  /** The virtualiser's measuring ref, when only some rows are in the page. */
  measure?: (row: HTMLTableRowElement | null) => void;
}

const LineRow = memo(function LineRow({ line: l, n, actions, measure }: LineRowProps) {
  return (
    <Table.Tr data-testid="invoice-line" data-index={n - 1} ref={measure}>
      <Table.Td>{n}</Table.Td>
      <Table.Td>{l.productName}</Table.Td>
      <Table.Td>{l.barcode}</Table.Td>
      <Table.Td>
        <NumberInput
          size="xs"
          aria-label={`Quantity of ${l.productName}`}
          value={l.quantity}
          allowDecimal={false}
          onBlur={(e) => {
            const q = Number.parseInt(e.currentTarget.value, 10);
            if (Number.isInteger(q) && q !== l.quantity) actions.change(l, { quantity: q });
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            // Enter saves the quantity and puts the cursor back in the scan box for the next item.
            e.currentTarget.blur();
            focusScanBox();
          }}
        />
      </Table.Td>
      <Table.Td style={{ textAlign: 'right' }}>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => actions.price(l)}
          // The name starts with what the button shows (WCAG 2.5.3), then says what it does.
          aria-label={`${formatMoney(l.sellingPrice)}: edit price of ${l.productName}`}
        >
          {formatMoney(l.sellingPrice)}
        </Button>
      </Table.Td>
      <Table.Td style={{ textAlign: 'right' }}>{formatMoney(l.suggestedRetailPrice)}</Table.Td>
      <Table.Td style={{ textAlign: 'right' }} data-testid="line-subtotal">
        {formatMoney(l.subtotal)}
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={`${l.productName} is damaged`}
          checked={l.damagedGood}
          disabled={l.quantity >= 0}
          onChange={(e) => actions.change(l, { damagedGood: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <ActionIcon
          color="red"
          variant="subtle"
          aria-label={`Delete ${l.productName}`}
          onClick={() => actions.remove(l)}
        >
          ×
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});

function PriceModal({
  line,
  onClose,
  onSave,
}: {
  line: InvoiceItem | null;
  onClose(): void;
  /** Resolves true once saved; false keeps the dialog open with what was typed (the refusal is already shown). */
  onSave(p: { sellingPrice: number; suggestedRetailPrice: number }): Promise<boolean>;
}) {
  const [saving, setSaving] = useState(false);
  const [selling, setSelling] = useState<number | string>('');
  const [retail, setRetail] = useState<number | string>('');
  const history = useProductHistory(line);
  const [shown, setShown] = useState<number | null>(null);
  if (line && shown !== line.id) {
    setShown(line.id);
    setSelling(line.sellingPrice);
    setRetail(line.suggestedRetailPrice);
  }
  return (
    <Modal opened={Boolean(line)} onClose={onClose} title={`Price · ${line?.productName ?? ''}`} centered>
      <Stack gap="sm">
        <MoneyInput label="Selling price" value={selling} onChange={setSelling} />
        <MoneyInput label="Suggested retail price" value={retail} onChange={setRetail} />
        <Text fz="sm" fw={600}>
          Earlier prices for this customer
        </Text>
        {(history.data ?? []).length === 0 ? (
          <Text fz="sm" c="dimmed">
            {history.isPending ? 'Loading…' : 'None'}
          </Text>
        ) : (
          <Table fz="xs">
            <Table.Tbody>
              {history.data?.map((h) => (
                <Table.Tr key={`${h.invoiceNo}-${h.date}-${h.quantity}`}>
                  <Table.Td>{formatDate(h.date)}</Table.Td>
                  <Table.Td>{h.invoiceNo}</Table.Td>
                  <Table.Td>{h.quantity}</Table.Td>
                  <Table.Td>{formatMoney(h.sellingPrice)}</Table.Td>
                  <Table.Td>{formatMoney(h.suggestedRetailPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <DialogActions onClose={onClose}>
          <Button
            loading={saving}
            onClick={async () => {
              setSaving(true);
              try {
                const saved = await onSave({
                  sellingPrice: moneyValue(selling),
                  suggestedRetailPrice: moneyValue(retail),
                });
                if (saved) onClose();
              } finally {
                setSaving(false);
              }
            }}
          >
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
