import { Select, TextInput } from '@mantine/core';
import { type StockCountInput, type StockLocation, stockCountBody } from '@wd/contracts';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/DialogActions';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { useStockCount } from '../api';
import { StockLines, type StockLinesValues } from './StockLines';

interface CountValues extends StockLinesValues {
  locationID: string;
  reason: string;
}

/** Count: what is on a location's shelf replaces what the books say, with the reason. */
export function StockCountModal({
  opened,
  locations,
  locationID,
  onClose,
}: {
  opened: boolean;
  locations: StockLocation[];
  /** The location the list shows, chosen to start with. */
  locationID: number;
  onClose(): void;
}) {
  const count = useStockCount();
  const form = useContractForm<CountValues, StockCountInput>({
    initialValues: { locationID: '', reason: '', lines: [] },
    schema: stockCountBody,
    toBody: (v) => ({
      locationID: Number(v.locationID),
      reason: v.reason,
      lines: v.lines.map((l) => ({ productID: l.productID, counted: l.quantity === '' ? -1 : Number(l.quantity) })),
    }),
  });
  const submit = useFormSubmit(form, async () => {
    const { message } = await count.mutateAsync(form.body());
    showSuccess(message);
    onClose();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts an empty count
  useEffect(() => {
    if (!opened) return;
    form.setValues({ locationID: String(locationID || 1), reason: '', lines: [] });
    form.clearErrors();
    submit.clearError();
  }, [opened]);

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="lg"
      title="Count stock"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Save count"
      submitting={count.isPending}
    >
      <Select
        label="Location"
        withAsterisk
        allowDeselect={false}
        data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
        {...form.getInputProps('locationID')}
      />
      <StockLines form={form} quantityLabel="Counted" />
      <TextInput
        label="Reason"
        description="Why the books change, e.g. Opening count, Broken case"
        withAsterisk
        maxLength={300}
        {...form.getInputProps('reason')}
      />
    </FormDialog>
  );
}
