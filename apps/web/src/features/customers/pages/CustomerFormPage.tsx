import { Button, Grid, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CustomerInput, customerInput, formatDate } from '@wd/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddressFields, type AddressValues, addressInput, EMPTY_ADDRESS } from '../../../components/AddressFields';
import { DateField } from '../../../components/DateField';
import { EdiIdFields, type EdiIdValues, EMPTY_EDI_ID } from '../../../components/EdiIdFields';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { HistoryLink } from '../../audit/HistoryLink';
import { CustomerCreditLine } from '../../receivables/credit';
import { useCreateCustomer, useCustomer, usePriceGroupOptions, useUpdateCustomer } from '../api';
import { ReceivePaymentButton } from '../receipts/components/ReceivePaymentModal';

type Values = AddressValues &
  EdiIdValues & {
    awardPoints: number | string;
    taxPermitNumber: string;
    priceGroupID: string;
    creditLimit: number | string;
  } & Record<string, unknown>;

function toBody(v: Values): CustomerInput {
  return {
    ...addressInput(v),
    ediId: v.ediId.trim(),
    ediQualifier: v.ediQualifier,
    awardPoints: Number(v.awardPoints) || 0,
    taxPermitNumber: String(v.taxPermitNumber ?? '').trim(),
    priceGroupID: Number(v.priceGroupID) || 1,
    dateLastVerified: String(v.dateLastVerified ?? '') || null,
    creditLimit: moneyValue(v.creditLimit),
  };
}

export function CustomerForm({ mode }: { mode: FormMode }) {
  const [groupSearch, setGroupSearch] = useState('');
  const [debounced] = useDebouncedValue(groupSearch, 200);
  const groups = usePriceGroupOptions(debounced);
  const form = useContractForm<Values, ReturnType<typeof toBody>>({
    initialValues: {
      ...EMPTY_ADDRESS,
      ...EMPTY_EDI_ID,
      awardPoints: 0,
      taxPermitNumber: '',
      priceGroupID: '1',
      dateLastVerified: '',
      creditLimit: 0,
    },
    schema: customerInput,
    toBody,
  });
  const { record: customer, formProps } = useRecordPage({
    mode,
    path: 'customers',
    noun: 'Customer',
    backTo: '/customers/',
    form,
    useRecord: useCustomer,
    useCreate: useCreateCustomer,
    useUpdate: useUpdateCustomer,
    toValues: (c) => ({
      company: c.company,
      name: c.name,
      address: c.address,
      city: c.city,
      state: c.state,
      postalCode: c.postalCode,
      country: c.country,
      phone: c.phone,
      email: c.email,
      ediId: c.ediId,
      ediQualifier: c.ediQualifier,
      awardPoints: c.awardPoints,
      taxPermitNumber: c.taxPermitNumber,
      priceGroupID: String(c.priceGroupID),
      dateLastVerified: c.dateLastVerified ?? '',
      creditLimit: c.creditLimit,
    }),
    toBody,
  });

  const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  if (customer.data && !options.some((o) => o.value === String(customer.data.priceGroupID))) {
    options.unshift({ value: String(customer.data.priceGroupID), label: customer.data.priceGroup });
  }

  return (
    <RecordForm {...formProps}>
      {(readOnly) => (
        <Stack gap="sm">
          <AddressFields form={form} readOnly={readOnly} />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <NumberInput
                label="Award points"
                min={0}
                allowDecimal={false}
                readOnly={readOnly}
                {...form.getInputProps('awardPoints')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label="Tax permit number"
                inputMode="numeric"
                readOnly={readOnly}
                {...form.getInputProps('taxPermitNumber')}
              />
            </Grid.Col>
          </Grid>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <MoneyInput
                label="Credit limit"
                description={readOnly ? undefined : '0 = no limit'}
                readOnly={readOnly}
                {...form.getInputProps('creditLimit')}
              />
            </Grid.Col>
            {customer.data && (
              <Grid.Col span={{ base: 12, sm: 8 }} style={{ alignSelf: 'flex-end' }}>
                <CustomerCreditLine customerID={customer.data.id} />
              </Grid.Col>
            )}
          </Grid>
          <Select
            label="Price group"
            data={options}
            searchable
            searchValue={groupSearch}
            onSearchChange={setGroupSearch}
            readOnly={readOnly}
            allowDeselect={false}
            nothingFoundMessage="No price group found"
            {...form.getInputProps('priceGroupID')}
          />
          <DateField
            label="Date last verified"
            description={readOnly ? undefined : 'Signing a resale certificate sets it to today'}
            clearable
            readOnly={readOnly}
            {...form.getInputProps('dateLastVerified')}
          />
          {customer.data && (
            <Text fz="sm" c={customer.data.stale ? 'orange' : 'dimmed'}>
              {customer.data.dateLastVerified
                ? `Resale certificate verified ${formatDate(customer.data.dateLastVerified)}${customer.data.stale ? ' (365 days or more ago)' : ''}`
                : 'Resale certificate never verified'}
            </Text>
          )}
          <EdiIdFields
            form={form}
            readOnly={readOnly}
            recordId={customer.data?.id}
            label="EDI id (the store number in EDI files)"
          />
          {mode === 'view' && customer.data && (
            <Group>
              <Button variant="light" component={Link} to={`/customers/${customer.data.id}/statement`}>
                Statement
              </Button>
              <ReceivePaymentButton customer={{ id: customer.data.id, company: customer.data.company }} />
              <HistoryLink entity="customer" id={customer.data.id} />
            </Group>
          )}
        </Stack>
      )}
    </RecordForm>
  );
}

export const CustomerNewPage = () => <CustomerForm mode="new" />;
export const CustomerViewPage = () => <CustomerForm mode="view" />;
export const CustomerEditPage = () => <CustomerForm mode="edit" />;
