import { Anchor, Button, Select } from '@mantine/core';
import type { StockLevel } from '@wd/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListPage } from '../../../components/list/ListPage';
import { formatMoney } from '../../../lib/format';
import { stockLevels, useStockLocations } from '../api';
import { StockCountModal } from '../components/StockCountModal';
import { StockTransferModal } from '../components/StockTransferModal';

const quantityText = (q: number) => q.toLocaleString('en-US');

/** Stock on hand per product and location, its value at cost; counts, loads and unloads. */
export default function StockPage() {
  const locations = useStockLocations().data ?? [];
  const [counting, setCounting] = useState(false);
  const [moving, setMoving] = useState(false);
  // The location the list shows (the URL keeps the filter): a count starts there.
  const [search] = useSearchParams();
  const locationShown = Number(search.get('location')) || 0;
  return (
    <>
      <ListPage<StockLevel>
        title="Stock"
        source={stockLevels}
        withFooter
        rowKey={(l) => `${l.productID}-${l.locationID}`}
        searchPlaceholder="Product, barcode or category"
        emptyText="Nothing on hand: count the warehouse to set its opening stock"
        params={{
          extraDefaults: { location: '' },
          mapExtra: (e) => ({ locationID: Number(e.location) || 0 }),
        }}
        filters={(p) => (
          <Select
            label="Location"
            placeholder="All"
            clearable
            w={200}
            data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
            value={p.extra.location || null}
            onChange={(v) => p.setExtra({ location: v ?? '' })}
          />
        )}
        header={{
          actions: (
            <>
              <Button variant="default" onClick={() => setMoving(true)}>
                Load / Unload
              </Button>
              <Button onClick={() => setCounting(true)}>Count stock</Button>
            </>
          ),
        }}
        columns={(totals) => [
          { key: 'product', title: 'Product', sortable: true, maxWidth: 320 },
          { key: 'barcode', title: 'Barcode', sortable: true },
          { key: 'category', title: 'Category', sortable: true },
          { key: 'location', title: 'Location', sortable: true },
          {
            key: 'quantity',
            title: 'On hand',
            sortable: true,
            align: 'right',
            render: (l) => (
              <span style={{ color: l.quantity < 0 ? 'var(--mantine-color-red-8)' : undefined }}>
                {quantityText(l.quantity)}
              </span>
            ),
            footer: totals ? <span data-testid="stock-total-quantity">{quantityText(totals.quantity)}</span> : null,
          },
          { key: 'costPrice', title: 'Cost', sortable: true, align: 'right', render: (l) => formatMoney(l.costPrice) },
          {
            key: 'value',
            title: 'Value at cost',
            sortable: true,
            align: 'right',
            render: (l) => formatMoney(l.value),
            footer: totals ? <span data-testid="stock-total-value">{formatMoney(totals.value)}</span> : null,
          },
          {
            key: 'movements',
            title: 'Movements',
            render: (l) => (
              <Anchor
                component={Link}
                to={`/stock/movements?product=${l.productID}&location=${l.locationID}`}
                size="sm"
              >
                Movements
              </Anchor>
            ),
          },
        ]}
      />
      <StockCountModal
        opened={counting}
        locations={locations}
        locationID={locationShown}
        onClose={() => setCounting(false)}
      />
      <StockTransferModal opened={moving} locations={locations} onClose={() => setMoving(false)} />
    </>
  );
}
