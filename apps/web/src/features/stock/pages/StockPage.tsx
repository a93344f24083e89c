import { Alert, Anchor, Button, Checkbox, Select } from '@mantine/core';
import { callRoutes, type StockLevel } from '@wd/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadListCsv } from '../../../components/ExportCsvButton';
import { formatMoney } from '../../../lib/format';
import { ReportScreen } from '../../reports/components/ReportPage';
import { listWords } from '../../reports/filter-words';
import { stockLevels, useStockLocations } from '../api';
import { StockCountModal } from '../components/StockCountModal';
import { StockTransferModal } from '../components/StockTransferModal';

const { stockCalls } = callRoutes;

const quantityText = (q: number) => q.toLocaleString('en-US');

/** Stock on hand per product and location, its value at cost; counts, loads and unloads. */
export default function StockPage() {
  const locations = useStockLocations().data ?? [];
  const [counting, setCounting] = useState(false);
  const [moving, setMoving] = useState(false);
  // The location the list shows (the URL keeps the filter): a count starts there.
  const [search, setSearch] = useSearchParams();
  const locationShown = Number(search.get('location')) || 0;
  const belowZeroShown = search.get('belowZero') === '1';
  const showBelowZero = () => {
    const next = new URLSearchParams(search);
    next.set('belowZero', '1');
    next.delete('page');
    setSearch(next);
  };
  return (
    <>
      <ReportScreen<StockLevel, { quantity: number; value: number }>
        title="Stock on Hand"
        source={stockLevels}
        rowKey={(l) => `${l.productID}-${l.locationID}`}
        searchPlaceholder="Product, barcode or category"
        emptyText={
          belowZeroShown ? 'Nothing is below zero' : 'Nothing on hand: count the warehouse to set its opening stock'
        }
        params={{
          extraDefaults: { location: '', belowZero: '' },
          mapExtra: (e) => ({ locationID: Number(e.location) || 0, belowZero: e.belowZero === '1' }),
        }}
        exportCsv={(filter) => downloadListCsv(stockCalls.levelsExport, filter)}
        words={(p, titles) => [
          `Location: ${locations.find((l) => String(l.id) === p.extra.location)?.name ?? 'All'}`,
          ...(p.extra.belowZero === '1' ? ['Only below zero'] : []),
          ...listWords(p, titles),
        ]}
        intro={(data) => {
          const n = Number((data as { answer?: { belowZero?: number } } | undefined)?.answer?.belowZero ?? 0);
          if (n === 0 || belowZeroShown) return null;
          return (
            <Alert color="orange" title="Sold more than the books say was there" data-testid="below-zero-flag">
              {n} {n === 1 ? 'product is' : 'products are'} below zero at a location: the goods were sold, so a
              receiving, a load or a count is missing.{' '}
              <Anchor component="button" type="button" size="sm" onClick={showBelowZero}>
                Show them
              </Anchor>
            </Alert>
          );
        }}
        filters={(p) => (
          <>
            <Select
              label="Location"
              placeholder="All"
              clearable
              w={200}
              data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
              value={p.extra.location || null}
              onChange={(v) => p.setExtra({ location: v ?? '' })}
            />
            <Checkbox
              label="Only below zero"
              mt={26}
              checked={p.extra.belowZero === '1'}
              onChange={(e) => p.setExtra({ belowZero: e.currentTarget.checked ? '1' : '' })}
            />
          </>
        )}
        actions={
          <>
            <Button variant="default" component={Link} to="/stock/load">
              Load Sheet
            </Button>
            <Button variant="default" onClick={() => setMoving(true)}>
              Load / Unload
            </Button>
            <Button onClick={() => setCounting(true)}>Count stock</Button>
          </>
        }
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
              <span style={{ color: l.quantity < 0 ? 'var(--mantine-color-red-text)' : undefined }}>
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
