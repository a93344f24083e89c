import { Select, Stack, TextInput } from '@mantine/core';
import { type ExpenseInput, expenseInput, SECOND_BILLER_ID } from '@wd/contracts';
import { DateField } from '../../../components/DateField';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { type FormMode, useRecordPage } from '../../../components/record-page';
import { useContractForm } from '../../../lib/form';
import { businessToday } from '../../../lib/format';
import { useBillerOptions } from '../../billers/api';
import { useCreateExpense, useExpense, useUpdateExpense } from '../api';

interface Values extends Record<string, unknown> {
  date: string;
  billerID: string;
  expense: string;
  category: string;
  amount: number | string;
}

const toBody = (v: Values): ExpenseInput => ({
  date: v.date,
  billerID: Number(v.billerID),
  expense: v.expense.trim(),
  category: v.category.trim(),
  amount: moneyValue(v.amount),
});

export function ExpenseForm({ mode }: { mode: FormMode }) {
  const billers = useBillerOptions();
  const form = useContractForm<Values, ReturnType<typeof toBody>>({
    // A new expense: today, biller 2.
    initialValues: {
      date: businessToday(),
      billerID: String(SECOND_BILLER_ID),
      expense: '',
      category: '',
      amount: 0,
    },
    schema: expenseInput,
    toBody,
  });
  const { record: expense, formProps } = useRecordPage({
    mode,
    path: 'expenses',
    noun: 'Expense',
    backTo: '/expenses/',
    form,
    useRecord: useExpense,
    useCreate: useCreateExpense,
    useUpdate: useUpdateExpense,
    toValues: (e) => ({
      date: e.date,
      billerID: String(e.billerID),
      expense: e.expense,
      category: e.category,
      amount: e.amount,
    }),
    toBody,
  });
  const reference = expense.data?.reference ?? '';
  return (
    <RecordForm {...formProps} title={mode === 'new' ? formProps.title : `${formProps.title} ${reference}`}>
      {(readOnly) => (
        <Stack gap="sm">
          <DateField label="Date" readOnly={readOnly} {...form.getInputProps('date')} />
          <Select
            label="Biller"
            data={(billers.data ?? []).map((b) => ({ value: String(b.id), label: b.company }))}
            readOnly={readOnly}
            allowDeselect={false}
            {...form.getInputProps('billerID')}
          />
          <TextInput label="Expense" readOnly={readOnly} withAsterisk={!readOnly} {...form.getInputProps('expense')} />
          <TextInput label="Category" readOnly={readOnly} {...form.getInputProps('category')} />
          <MoneyInput label="Expense Amount" readOnly={readOnly} {...form.getInputProps('amount')} />
        </Stack>
      )}
    </RecordForm>
  );
}

export const ExpenseNewPage = () => <ExpenseForm mode="new" />;
export const ExpenseViewPage = () => <ExpenseForm mode="view" />;
export const ExpenseEditPage = () => <ExpenseForm mode="edit" />;
