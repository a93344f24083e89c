import { type SettlementOpenInput, settlementOpenBody } from '@wd/contracts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField';
import { FormDialog } from '../../../components/DialogActions';
import { TypeSelect } from '../../../components/TypeSelect';
import { useContractForm, useFormSubmit } from '../../../lib/form';
import { businessToday } from '../../../lib/format';
import { useDriverOptions } from '../../delivery-routes/api';
import { useOpenSettlement } from '../api';

interface Values extends Record<string, unknown> {
  driverID: string | null;
  date: string;
}

/** Settle a driver: which driver and which day; opens the day's settlement (the same one if it exists). */
export function OpenSettlementModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const drivers = useDriverOptions();
  const openOne = useOpenSettlement();
  const navigate = useNavigate();
  const form = useContractForm<Values, SettlementOpenInput>({
    initialValues: { driverID: null, date: businessToday() },
    schema: settlementOpenBody,
    toBody: (v) => ({ driverID: Number(v.driverID), date: v.date }),
  });
  const submit = useFormSubmit(form, async () => {
    const { settlement } = await openOne.mutateAsync(form.body());
    onClose();
    navigate(`/settlements/${settlement.id}`);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from today
  useEffect(() => {
    if (!opened) return;
    form.setValues({ driverID: null, date: businessToday() });
    form.clearErrors();
    submit.clearError();
  }, [opened]);
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Settle a driver's day"
      onSubmit={submit.onSubmit}
      error={submit.error}
      submitLabel="Open settlement"
      submitting={openOne.isPending}
    >
      <TypeSelect
        label="Driver"
        withAsterisk
        data={(drivers.data ?? []).map((d) => ({ value: String(d.id), label: d.username }))}
        nothingFoundMessage={drivers.isLoading ? 'Loading…' : 'No drivers: mark a user as a driver first'}
        data-autofocus
        {...form.getInputProps('driverID')}
      />
      <DateField label="Day" withAsterisk {...form.getInputProps('date')} />
    </FormDialog>
  );
}
