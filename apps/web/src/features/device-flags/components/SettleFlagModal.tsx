import { Text, Textarea } from '@mantine/core';
import { type DeviceFlagRecord, type DeviceFlagSettleInput, deviceFlagSettleBody } from '@wd/contracts';
import { useEffect } from 'react';
import { FormDialog } from '../../../components/DialogActions';
import { showSuccess } from '../../../lib/alert';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { useSettleDeviceFlag } from '../api';
import { DEVICE_FLAG_KIND_LABELS } from '../kinds';

/** Settle: the flag's message, and a note (required) saying what the office did about it. */
export function SettleFlagModal({ flag, onClose }: { flag: DeviceFlagRecord | null; onClose(): void }) {
  const settle = useSettleDeviceFlag();
  const form = useContractForm<{ note: string }, DeviceFlagSettleInput>({
    initialValues: { note: '' },
    schema: deviceFlagSettleBody,
  });
  const submit = useFormSubmit(form, async (values) => {
    if (!flag) return;
    await settle.mutateAsync({ id: flag.id, note: values.note.trim() });
    showSuccess('Flag settled');
    onClose();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new flag starts an empty note
  useEffect(() => {
    if (!flag) return;
    form.setValues({ note: '' });
    form.clearErrors();
    submit.clearError();
  }, [flag]);

  return (
    <FormDialog
      opened={Boolean(flag)}
      onClose={onClose}
      title={`Settle flag · ${flag ? DEVICE_FLAG_KIND_LABELS[flag.kind] : ''}`}
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Settle"
      submitting={settle.isPending}
    >
      <Text size="sm">{flag?.message}</Text>
      <Text size="xs" c="dimmed">
        {flag ? `${flag.driver}${flag.invoiceNo ? ` · ${flag.invoiceNo}` : ''}` : ''}
      </Text>
      <Textarea
        label="Note"
        description="What the office did about it"
        withAsterisk
        rows={3}
        maxLength={500}
        data-autofocus
        {...form.getInputProps('note')}
      />
    </FormDialog>
  );
}
