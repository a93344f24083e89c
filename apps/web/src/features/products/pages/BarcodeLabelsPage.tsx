import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { type BarcodeItem, PRINTER_DPIS, type PrinterDpi, type Product, printerDpi } from '@wd/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageTitle } from '../../../components/PageTitle';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import {
  useAddBarcodeItem,
  useBarcodeItems,
  useClearBarcodeItems,
  useRemoveBarcodeItem,
  useSetBarcodeQuantity,
} from '../api';
import { ProductPicker } from '../components/ProductPicker';
import { describeLabelBarcode, labelBarcodeSize, storedLabelDpi, storeLabelDpi } from '../label-printer';

export const LABEL_OPTIONS = [
  { key: 'company', label: 'Company Name' },
  { key: 'name1', label: 'Product Name 1' },
  { key: 'name2', label: 'Product Name 2' },
  { key: 'barcode', label: 'Barcode' },
  { key: 'srp', label: 'Suggested Retail Price' },
] as const;
export type LabelOption = (typeof LABEL_OPTIONS)[number]['key'];

const STORAGE_KEY = 'labelOptions';
function storedOptions(): Record<LabelOption, boolean> {
  const fallback = { company: true, name1: true, name2: true, barcode: true, srp: true };
  try {
    return { ...fallback, ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') };
  } catch {
    return fallback;
  }
}

/** How the item's barcode prints on a label at the chosen resolution. */
function PrintedSize({ item, dpi }: { item: BarcodeItem; dpi: PrinterDpi }) {
  const d = describeLabelBarcode(item, dpi);
  return (
    <Text fz="xs" c={d.color ?? 'dimmed'}>
      {d.text}
    </Text>
  );
}

/** /products/barcode: the user's label list, kept on the server, and the print options. */
export default function BarcodeLabelsPage() {
  const navigate = useNavigate();
  const items = useBarcodeItems();
  const add = useAddBarcodeItem();
  const setLabelQuantity = useSetBarcodeQuantity();
  const remove = useRemoveBarcodeItem();
  const clear = useClearBarcodeItems();
  const [product, setProduct] = useState<Product | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [options, setOptions] = useState(storedOptions);
  const [dpi, setDpi] = useState(storedLabelDpi);
  const [busy, setBusy] = useState(false);
  const list = items.data ?? [];
  const empty = list.length === 0;

  /** Every change reloads the list from the server: the hooks on success, a failure here. */
  const change = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      showAlert(errorMessage(error));
      await items.refetch();
    } finally {
      setBusy(false);
    }
  };

  const toggle = (key: LabelOption, checked: boolean) => {
    const next = { ...options, [key]: checked };
    setOptions(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  };

  const totalLabels = list.reduce((sum, i) => sum + Math.max(0, i.quantity), 0);
  const tooLong = options.barcode ? list.filter((i) => i.quantity > 0 && !labelBarcodeSize(i, dpi).fits) : [];

  return (
    <Stack gap="md">
      <PageTitle title="Barcode Labels" />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="sm">
          <ProductPicker value={product} onChange={setProduct} w={420} />
          <NumberInput label="Quantity" min={1} max={10000} w={110} value={quantity} onChange={setQuantity} />
          <Button
            disabled={!product || !(Number(quantity) >= 1)}
            loading={busy}
            onClick={() =>
              change(async () => {
                if (!product) return;
                await add.mutateAsync({ productID: product.id, quantity: Number(quantity) });
                setProduct(null);
                setQuantity(1);
              })
            }
          >
            Add Item
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Barcode</Table.Th>
                <Table.Th>Printed Barcode</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Quantity</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.productName}</Table.Td>
                  <Table.Td>{item.barcode}</Table.Td>
                  <Table.Td data-testid="label-barcode-size">
                    <PrintedSize item={item} dpi={dpi} />
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }} data-testid="label-quantity">
                    {item.quantity}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end">
                      <ActionIcon
                        variant="light"
                        aria-label={`More labels of ${item.productName}`}
                        onClick={() =>
                          change(() => setLabelQuantity.mutateAsync({ id: item.id, quantity: item.quantity + 1 }))
                        }
                      >
                        +
                      </ActionIcon>
                      <ActionIcon
                        variant="light"
                        aria-label={`Fewer labels of ${item.productName}`}
                        disabled={item.quantity <= 0}
                        onClick={() =>
                          change(() => setLabelQuantity.mutateAsync({ id: item.id, quantity: item.quantity - 1 }))
                        }
                      >
                        −
                      </ActionIcon>
                      <ActionIcon
                        variant="light"
                        color="red"
                        aria-label={`Remove ${item.productName}`}
                        onClick={() => change(() => remove.mutateAsync(item.id))}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {empty && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="sm">
                      {items.isPending ? 'Loading…' : 'Add barcodes above, before you try to print*'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" align="flex-end">
            <Group gap="md">
              {LABEL_OPTIONS.map((o) => (
                <Checkbox
                  key={o.key}
                  label={o.label}
                  checked={options[o.key]}
                  onChange={(e) => toggle(o.key, e.currentTarget.checked)}
                />
              ))}
            </Group>
            <Group gap="sm" align="flex-end">
              <Select label="Labels per sheet" data={['114']} value="114" disabled w={130} />
              <Select
                label="Printer resolution"
                data={PRINTER_DPIS.map((d) => ({ value: String(d), label: `${d} dpi` }))}
                value={String(dpi)}
                allowDeselect={false}
                onChange={(value) => {
                  const next = printerDpi(value);
                  setDpi(next);
                  storeLabelDpi(next);
                }}
                w={150}
              />
              <Text fz="sm" c="dimmed">
                {totalLabels} label{totalLabels === 1 ? '' : 's'}
              </Text>
              <Button
                variant="default"
                disabled={empty}
                onClick={async () => {
                  if (await confirm({ title: 'Remove every label from the list?' })) change(() => clear.mutateAsync());
                }}
              >
                Reset
              </Button>
              <Button
                disabled={empty}
                onClick={() => {
                  const on = LABEL_OPTIONS.filter((o) => options[o.key]).map((o) => o.key);
                  navigate(`/products/barcode/print?show=${on.join(',')}&dpi=${dpi}`);
                }}
              >
                Print
              </Button>
            </Group>
          </Group>
          {tooLong.length > 0 && (
            <Text fz="sm" c="red" data-testid="labels-too-long">
              {tooLong.length === 1 ? 'One barcode is' : `${tooLong.length} barcodes are`} too long to scan on a 1.35 in
              label at {dpi} dpi ({tooLong.map((i) => i.barcode).join(', ')}): those labels print the code as text,
              without bars.
            </Text>
          )}
          <Text fz="xs" c="dimmed">
            Print at 100 % (Actual size, no Fit to page) on a printer set to the resolution chosen here: every bar is
            then a whole number of printer dots. Labels print every barcode with 0.25 mm bars, the most bar height a
            0.55 in label leaves; in orange, UPC and EAN under GS1's 80 % size (their nominal 0.33 mm bars need a wider
            label).
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
