import { Select, Stack, TextInput } from '@mantine/core';
import { type RouteInput, routeInput } from '@wd/contracts';
import { z } from '@wd/contracts/common/zod';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { useCreateRoute, useDriverOptions, useRoute, useUpdateRoute } from '../api';
import { StopsEditor, type StopValue } from './StopsEditor';

interface Values extends Record<string, unknown> {
  name: string;
  driverID: string;
  truck: string;
  stops: StopValue[];
}

const toBody = (v: Values): RouteInput => ({
  name: v.name.trim(),
  driverID: Number(v.driverID),
  truck: v.truck.trim(),
  stops: [...v.stops].sort((a, b) => a.weekday - b.weekday).map(({ weekday, customerID }) => ({ weekday, customerID })),
});

export function RouteForm({ mode }: { mode: FormMode }) {
  const drivers = useDriverOptions();
  const form = useContractForm<Values, RouteInput>({
    initialValues: { name: '', driverID: '', truck: '', stops: [] },
    // An empty Driver box is a pick not made yet, not a bad number.
    schema: routeInput.extend({ driverID: z.int().min(1, { message: 'Pick a driver' }) }),
    toBody,
  });
  const { formProps } = useRecordPage({
    mode,
    path: 'routes',
    noun: 'Route',
    form,
    useRecord: useRoute,
    useCreate: useCreateRoute,
    useUpdate: useUpdateRoute,
    toValues: (r) => ({
      name: r.name,
      driverID: String(r.driverID),
      truck: r.truck,
      stops: r.stops.map((s) => ({ weekday: s.weekday, customerID: s.customerID, customer: s.customer })),
    }),
    toBody,
  });
  const driverOptions = (drivers.data ?? []).map((u) => ({ value: String(u.id), label: u.username }));
  const current = form.getValues();
  if (current.driverID && !driverOptions.some((o) => o.value === current.driverID)) {
    driverOptions.push({ value: current.driverID, label: `User ${current.driverID} (not a driver)` });
  }
  return (
    <RecordForm {...formProps}>
      {(readOnly) => (
        <Stack gap="sm">
          <TextInput label="Route" readOnly={readOnly} withAsterisk={!readOnly} {...form.getInputProps('name')} />
          <Select
            label="Driver"
            data={driverOptions}
            readOnly={readOnly}
            withAsterisk={!readOnly}
            allowDeselect={false}
            description={
              !readOnly && drivers.data && drivers.data.length === 0
                ? 'No user is marked as a driver yet: Users → Edit → Driver'
                : undefined
            }
            {...form.getInputProps('driverID')}
          />
          <TextInput label="Truck" readOnly={readOnly} withAsterisk={!readOnly} {...form.getInputProps('truck')} />
          <StopsEditor
            stops={form.getValues().stops}
            readOnly={readOnly}
            onChange={(stops) => form.setFieldValue('stops', stops)}
          />
        </Stack>
      )}
    </RecordForm>
  );
}

export const RouteNewPage = () => <RouteForm mode="new" />;
export const RouteViewPage = () => <RouteForm mode="view" />;
export const RouteEditPage = () => <RouteForm mode="edit" />;
