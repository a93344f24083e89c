import { Button, Checkbox } from '@mantine/core';
import { callRoutes, type ReorderRow } from '@wd/contracts';
import { useState } from 'react';
import { downloadListCsv } from '../../../components/ExportCsvButton';
import { formatMoney } from '../../../lib/format';
import { ReportScreen } from '../../reports/components/ReportPage';
import { listWords } from '../../reports/filter-words';
import { reorderList } from '../api';
import { ReorderLevelsModal } from '../components/ReorderLevelsModal';
import type { StockLine } from '../components/StockLines';

const { stockCalls } = callRoutes;

const units = (n: number) => n.toLocaleString('en-US');

/** Products below their reorder point (or every product with a level): what to buy, and its cost. */
export default function ReorderPage() {
  const [editing, setEditing] = useState<{ start?: StockLine } | null>(null);
  return (
    <>
      <ReportScreen<ReorderRow, { short: number; value: number }>
        title="Below Reorder Point"
        source={reorderList}
        rowKey={(r) => r.productID}
        rowNoun="product"
        searchPlaceholder="Product, barcode or category"
        emptyText="Every product is at or above its reorder level"
        params={{ extraDefaults: { all: '' }, mapExtra: (e) => ({ all: e.all === '1' }) }}
        exportCsv={(filter) => downloadListCsv(stockCalls.reorderExport, filter)}
        words={(p, titles) => [
          p.extra.all === '1' ? 'Every product with a reorder level' : 'Below their reorder level',
          ...listWords(p, titles),
        ]}
        filters={(p) => (
          <Checkbox
            label="Every product with a level"
            mt={26}
            checked={p.extra.all === '1'}
            onChange={(e) => p.setExtra({ all: e.currentTarget.checked ? '1' : '' })}
          />
        )}
        actions={<Button onClick={() => setEditing({})}>Set reorder levels</Button>}
        rowActions={(r) => [
          {
            label: 'Set level',
            // Opens the dialog on this product; the list reloads when the dialog saves.
            run: () =>
              setEditing({
                start: { productID: r.productID, name: r.product, barcode: r.barcode, quantity: r.reorderLevel },
              }),
            reload: false,
          },
        ]}
        columns={(totals) => [
          { key: 'product', title: 'Product', sortable: true, maxWidth: 300 },
          { key: 'barcode', title: 'Barcode', sortable: true },
          { key: 'category', title: 'Category', sortable: true },
          {
            key: 'reorderLevel',
            title: 'Reorder level',
            sortable: true,
            align: 'right',
            render: (r) => units(r.reorderLevel),
          },
          { key: 'warehouse', title: 'Warehouse', sortable: true, align: 'right', render: (r) => units(r.warehouse) },
          { key: 'trucks', title: 'On trucks', sortable: true, align: 'right', render: (r) => units(r.trucks) },
          { key: 'sellable', title: 'Sellable', sortable: true, align: 'right', render: (r) => units(r.sellable) },
          {
            key: 'short',
            title: 'Short',
            sortable: true,
            align: 'right',
            render: (r) => units(r.short),
            footer: totals ? <span data-testid="reorder-total-short">{units(totals.short)}</span> : null,
          },
          { key: 'costPrice', title: 'Cost', sortable: true, align: 'right', render: (r) => formatMoney(r.costPrice) },
          {
            key: 'value',
            title: 'Cost to reorder',
            sortable: true,
            align: 'right',
            render: (r) => formatMoney(r.value),
            footer: totals ? <span data-testid="reorder-total-value">{formatMoney(totals.value)}</span> : null,
          },
        ]}
      />
      <ReorderLevelsModal opened={editing !== null} start={editing?.start} onClose={() => setEditing(null)} />
    </>
  );
}
