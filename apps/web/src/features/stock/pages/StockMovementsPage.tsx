import { Anchor, Button, Select, Text } from '@mantine/core';
import { callRoutes, STOCK_MOVEMENT_KINDS, STOCK_MOVEMENT_LABELS, type StockMovement } from '@wd/contracts';
import { Link, useSearchParams } from 'react-router';
import { downloadListCsv } from '../../../components/ExportCsvButton';
import { formatTimestamp } from '../../../lib/format';
import { ReportScreen } from '../../reports/components/ReportPage';
import { listWords } from '../../reports/filter-words';
import { stockMovements, useProductStock, useStockLocations } from '../api';

const { stockCalls } = callRoutes;

/** Where the movement came from, linked when it is an invoice or a supplier invoice still there. */
function Source({ m }: { m: StockMovement }) {
  if (m.sourceID && m.source.startsWith('Invoice/')) {
    return (
      <Anchor component={Link} to={`/invoices/${m.sourceID}`} size="sm">
        {m.source}
      </Anchor>
    );
  }
  if (m.sourceID && m.source.startsWith('Supplier invoice ')) {
    return (
      <Anchor component={Link} to={`/distributors/invoices/${m.sourceID}`} size="sm">
        {m.source}
      </Anchor>
    );
  }
  return <>{m.source}</>;
}

/** The stock ledger, newest first: a product's, a location's or one kind of movement. */
export default function StockMovementsPage() {
  const locations = useStockLocations().data ?? [];
  const [search] = useSearchParams();
  const productID = Number(search.get('product')) || undefined;
  const product = useProductStock(productID).data;
  return (
    <ReportScreen<StockMovement, Record<string, number>>
      title={product ? `Stock movements · ${product.product}` : 'Stock movements'}
      rowKey={(m) => m.id}
      exportCsv={(filter) => downloadListCsv(stockCalls.movementsExport, filter)}
      words={(p, titles) => [
        ...(product ? [`Product: ${product.product}`] : []),
        `Location: ${locations.find((l) => String(l.id) === p.extra.location)?.name ?? 'All'}`,
        `Movement: ${STOCK_MOVEMENT_LABELS[p.extra.kind as keyof typeof STOCK_MOVEMENT_LABELS] ?? 'All'}`,
        ...listWords(p, titles),
      ]}
      intro={() =>
        product ? (
          <Text size="sm" data-testid="product-stock">
            On hand:{' '}
            {product.locations.length
              ? product.locations.map((l) => `${l.location} ${l.quantity.toLocaleString('en-US')}`).join(' · ')
              : 'nothing anywhere'}
          </Text>
        ) : undefined
      }
      source={stockMovements}
      searchPlaceholder="Product, note or invoice"
      emptyText="No movements"
      params={{
        extraDefaults: { product: '', location: '', kind: '' },
        mapExtra: (e) => ({
          productID: Number(e.product) || 0,
          locationID: Number(e.location) || 0,
          kind: (STOCK_MOVEMENT_KINDS as readonly string[]).includes(e.kind) ? e.kind : '',
        }),
      }}
      filters={(p) => (
        <>
          <Select
            label="Location"
            placeholder="All"
            clearable
            w={180}
            data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
            value={p.extra.location || null}
            onChange={(v) => p.setExtra({ location: v ?? '' })}
          />
          <Select
            label="Kind"
            placeholder="All"
            clearable
            w={170}
            data={STOCK_MOVEMENT_KINDS.map((k) => ({ value: k, label: STOCK_MOVEMENT_LABELS[k] }))}
            value={p.extra.kind || null}
            onChange={(v) => p.setExtra({ kind: v ?? '' })}
          />
        </>
      )}
      actions={
        <Button variant="default" component={Link} to="/stock">
          Back
        </Button>
      }
      columns={() => [
        {
          key: 'createdAt',
          title: 'When',
          sortable: true,
          render: (m) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(m.createdAt)}</span>,
        },
        { key: 'product', title: 'Product', maxWidth: 260 },
        { key: 'location', title: 'Location' },
        { key: 'kind', title: 'Kind', sortable: true, render: (m) => STOCK_MOVEMENT_LABELS[m.kind] },
        {
          key: 'quantity',
          title: 'Quantity',
          sortable: true,
          align: 'right',
          render: (m) =>
            m.quantity > 0 ? `+${m.quantity.toLocaleString('en-US')}` : m.quantity.toLocaleString('en-US'),
        },
        { key: 'source', title: 'From', render: (m) => <Source m={m} /> },
        { key: 'note', title: 'Note', maxWidth: 240 },
        { key: 'user', title: 'By' },
      ]}
    />
  );
}
