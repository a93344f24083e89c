import { Alert, Button, Group, Loader, NumberInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, type LoadSheet, type Product, WAREHOUSE_ID } from '@wd/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirm } from '../../../components/confirm';
import { DateField } from '../../../components/DateField';
import { PageTitle } from '../../../components/PageTitle';
import { TypeSelect } from '../../../components/TypeSelect';
import { showAlert, showSuccess } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { businessToday } from '../../../lib/format';
import { ProductPicker } from '../../products/components/ProductPicker';
import { useLoadSheet, useRouteChoices, useStockTransfer } from '../api';
import { LoadSheetPrint } from '../components/LoadSheetPrint';
import { type LoadLine, loadLinesOf, loadUnits } from '../load-sheet';

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const WEEK_CHOICES = ['2', '4', '8', '13'];
const units = (n: number) => n.toLocaleString('en-US');

/**
 * The morning load sheet: pick a route and the day; the sheet suggests what to load from what
 * the day's stops usually buy, less what is on the truck. Edit the loads, print the sheet for the
 * loader, and confirm it: the warehouse's stock moves onto the truck.
 */
export default function LoadSheetPage() {
  const [search, setSearch] = useSearchParams();
  const routes = useRouteChoices();
  const routeID = Number(search.get('route')) || 0;
  const date = search.get('date') || businessToday();
  const weeks = Number(search.get('weeks')) || 4;
  const sheet = useLoadSheet(routeID ? { routeID, date, weeks } : undefined);
  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  return (
    <Stack gap="md">
      <Stack gap="md" className="load-sheet-screen">
        <PageTitle title="Load Sheet" />
        <Group align="flex-end" gap="sm">
          <TypeSelect
            label="Route"
            placeholder="Choose a route"
            w={260}
            data={(routes.data ?? []).map((r) => ({ value: String(r.id), label: `${r.name} · ${r.truck}` }))}
            nothingFoundMessage={routes.isLoading ? 'Loading…' : 'No routes: add one under Routes'}
            value={routeID ? String(routeID) : null}
            onChange={(v) => setParam('route', v ?? '')}
          />
          <DateField label="Day" w={160} value={date} onChange={(v) => setParam('date', v)} />
          <Select
            label="Usual over"
            w={130}
            allowDeselect={false}
            data={WEEK_CHOICES.map((w) => ({ value: w, label: `${w} weeks` }))}
            value={String(weeks)}
            onChange={(v) => setParam('weeks', v ?? '')}
          />
        </Group>
        {!routeID && <Text c="dimmed">Choose a route to see its truck's load sheet for the day.</Text>}
        {sheet.isLoading && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Reading the stops' usual quantities…</Text>
          </Group>
        )}
        {sheet.isError && (
          <Alert color="red" title="The load sheet could not be made">
            {errorMessage(sheet.error)}
          </Alert>
        )}
      </Stack>
      {sheet.data && <LoadSheetEditor key={sheetKey(sheet.data)} sheet={sheet.data} />}
    </Stack>
  );
}

/** A new sheet (another route, day or period, or after a load) starts from its suggestions. */
const sheetKey = (s: LoadSheet) =>
  `${s.routeID}-${s.date}-${s.weeks}-${s.lines.map((l) => `${l.productID}:${l.onTruck}`).join(',')}`;

function LoadSheetEditor({ sheet }: { sheet: LoadSheet }) {
  const [lines, setLines] = useState<LoadLine[]>(() => loadLinesOf(sheet));
  const [picked, setPicked] = useState<Product | null>(null);
  const transfer = useStockTransfer();
  useEffect(() => setLines(loadLinesOf(sheet)), [sheet]);
  const total = loadUnits(lines);

  const setLoad = (productID: number, load: number) =>
    setLines((all) => all.map((l) => (l.productID === productID ? { ...l, load } : l)));
  const add = (p: Product | null) => {
    if (!p) return;
    setPicked(null);
    setLines((all) =>
      all.some((l) => l.productID === p.id)
        ? all.map((l) => (l.productID === p.id ? { ...l, load: l.load + 1 } : l))
        : [
            ...all,
            {
              productID: p.id,
              product: p.name,
              barcode: p.barcode,
              usual: 0,
              onTruck: 0,
              inWarehouse: null,
              suggested: 0,
              load: 1,
            },
          ],
    );
  };
  const confirmLoad = async () => {
    const loading = lines.filter((l) => l.load > 0);
    const yes = await confirm({
      title: 'Load the truck?',
      message: `${units(total)} ${total === 1 ? 'unit' : 'units'} of ${loading.length} ${
        loading.length === 1 ? 'product' : 'products'
      } move from the warehouse onto ${sheet.truck}.`,
      yes: 'Load truck',
      no: 'Cancel',
      danger: false,
    });
    if (!yes) return;
    try {
      const { message } = await transfer.mutateAsync({
        fromLocationID: WAREHOUSE_ID,
        toLocationID: sheet.locationID,
        note: `Load sheet ${formatDate(sheet.date)} (${sheet.route})`,
        lines: loading.map((l) => ({ productID: l.productID, quantity: l.load })),
      });
      showSuccess(message);
    } catch (error) {
      showAlert(errorMessage(error));
    }
  };

  return (
    <>
      <Stack gap="sm" className="load-sheet-screen">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3}>
              {sheet.route} · {sheet.truck} · {sheet.driver}
            </Title>
            <Text size="sm" data-testid="load-sheet-stops">
              {WEEKDAYS[sheet.weekday]} {formatDate(sheet.date)}:{' '}
              {sheet.stops.length === 0
                ? 'no stops on this weekday'
                : `${sheet.stops.length} ${sheet.stops.length === 1 ? 'stop' : 'stops'} (${sheet.stops
                    .map((s) => s.company)
                    .join(', ')})`}
            </Text>
            <Text size="xs" c="dimmed">
              Usual: what these stops bought from {formatDate(sheet.from)} to {formatDate(sheet.to)}, per week, rounded
              up. Suggested load: usual less what is on the truck.
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={confirmLoad} disabled={total === 0} loading={transfer.isPending}>
              Confirm load
            </Button>
          </Group>
        </Group>
        <ProductPicker label="Add a product" value={picked} onChange={add} pickOnEnter />
        {lines.length === 0 ? (
          <Text c="dimmed">Nothing to suggest: these stops bought nothing in the period and the truck is empty.</Text>
        ) : (
          <Table striped data-testid="load-sheet-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Usual</Table.Th>
                <Table.Th ta="right">On truck</Table.Th>
                <Table.Th ta="right">In warehouse</Table.Th>
                <Table.Th ta="right">Suggested</Table.Th>
                <Table.Th w={130}>Load</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const short = l.inWarehouse !== null && l.load > l.inWarehouse;
                return (
                  <Table.Tr key={l.productID}>
                    <Table.Td>
                      <Text size="sm">{l.product}</Text>
                      <Text size="xs" c="dimmed">
                        {l.barcode}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{units(l.usual)}</Table.Td>
                    <Table.Td ta="right">{units(l.onTruck)}</Table.Td>
                    <Table.Td ta="right" c={short ? 'red.8' : undefined}>
                      {l.inWarehouse === null ? '' : units(l.inWarehouse)}
                    </Table.Td>
                    <Table.Td ta="right">{units(l.suggested)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Load of ${l.product}`}
                        min={0}
                        max={1_000_000}
                        allowDecimal={false}
                        allowNegative={false}
                        value={l.load}
                        onChange={(v) => setLoad(l.productID, Number(v) || 0)}
                        error={short ? 'More than the warehouse has' : undefined}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={5}>Total to load</Table.Th>
                <Table.Th data-testid="load-sheet-total">{units(total)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Stack>
      <LoadSheetPrint sheet={sheet} lines={lines} />
    </>
  );
}
