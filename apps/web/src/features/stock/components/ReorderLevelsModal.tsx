import { Text } from '@mantine/core';
import { type ReorderLevelsInput, reorderLevelsBody } from '@wd/contracts';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/DialogActions';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { useReorderLevels } from '../api';
import { type StockLine, StockLines, type StockLinesValues } from './StockLines';

/**
 * Set reorder levels: products picked by name or barcode (a scanner works), each with its level;
 * `start` opens it with a product already listed (a row's Set level).
 */
export function ReorderLevelsModal({
  opened,
  start,
  onClose,
}: {
  opened: boolean;
  start?: StockLine;
  onClose(): void;
}) {
  const save = useReorderLevels();
  const form = useContractForm<StockLinesValues, ReorderLevelsInput>({
    initialValues: { lines: [] },
    schema: reorderLevelsBody,
    toBody: (v) => ({
      lines: v.lines.map((l) => ({ productID: l.productID, reorderLevel: l.quantity === '' ? 0 : Number(l.quantity) })),
    }),
  });
  const submit = useFormSubmit(form, async () => {
    const { message } = await save.mutateAsync(form.body());
    showSuccess(message);
    onClose();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from its product (or none)
  useEffect(() => {
    if (!opened) return;
    form.setValues({ lines: start ? [start] : [] });
    form.clearErrors();
    submit.clearError();
  }, [opened]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="lg"
      title="Set reorder levels"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Save levels"
      submitting={save.isPending}
    >
      <Text size="sm" c="dimmed">
        A product is listed below its reorder point when its stock in the warehouse and on the trucks is under its
        level. 0 removes the level.
      </Text>
      <StockLines form={form} quantityLabel="Reorder level" />
    </FormDialog>
  );
}
