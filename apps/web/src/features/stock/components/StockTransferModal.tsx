import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type StockLocation, type StockTransferInput, stockTransferBody, WAREHOUSE_ID } from '@wd/contracts';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/DialogActions';
import { TypeSelect } from '../../../components/TypeSelect';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { useStockTransfer } from '../api';
import { StockLines, type StockLinesValues } from './StockLines';

interface TransferValues extends StockLinesValues {
  direction: 'load' | 'unload';
  truckID: string;
  note: string;
}

/** Load a truck from the warehouse, or unload it back. */
export function StockTransferModal({
  opened,
  locations,
  onClose,
}: {
  opened: boolean;
  locations: StockLocation[];
  onClose(): void;
}) {
  const transfer = useStockTransfer();
  const trucks = locations.filter((l) => l.kind === 'truck');
  const form = useContractForm<TransferValues, StockTransferInput>({
    initialValues: { direction: 'load', truckID: '', note: '', lines: [] },
    schema: stockTransferBody,
    toBody: (v) => {
      const truck = Number(v.truckID);
      return {
        fromLocationID: v.direction === 'load' ? WAREHOUSE_ID : truck,
        toLocationID: v.direction === 'load' ? truck : WAREHOUSE_ID,
        note: v.note,
        lines: v.lines.map((l) => ({ productID: l.productID, quantity: l.quantity === '' ? 0 : Number(l.quantity) })),
      };
    },
  });
  const submit = useFormSubmit(form, async () => {
    const { message } = await transfer.mutateAsync(form.body());
    showSuccess(message);
    onClose();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts an empty transfer
  useEffect(() => {
    if (!opened) return;
    form.setValues({ direction: 'load', truckID: trucks[0] ? String(trucks[0].id) : '', note: '', lines: [] });
    form.clearErrors();
    submit.clearError();
  }, [opened]);
  const { direction } = form.getValues();

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="lg"
      title="Load or unload a truck"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel={direction === 'load' ? 'Load truck' : 'Unload truck'}
      submitting={transfer.isPending}
      disabled={trucks.length === 0}
    >
      {trucks.length === 0 ? (
        <Text c="dimmed">There are no trucks yet: a truck comes with each delivery route.</Text>
      ) : (
        <Stack gap="sm">
          <SegmentedControl
            data={[
              { value: 'load', label: 'Load (warehouse → truck)' },
              { value: 'unload', label: 'Unload (truck → warehouse)' },
            ]}
            {...form.getInputProps('direction')}
          />
          <TypeSelect
            label="Truck"
            withAsterisk
            allowDeselect={false}
            data={trucks.map((l) => ({ value: String(l.id), label: l.route ? `${l.name} · ${l.route}` : l.name }))}
            {...form.getInputProps('truckID')}
          />
          <StockLines form={form} quantityLabel="Quantity" />
          <TextInput label="Note" maxLength={300} {...form.getInputProps('note')} />
        </Stack>
      )}
    </FormDialog>
  );
}
