import { Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ExpenseInput, expenseInput, SECOND_BILLER_ID, todayIn } from '@wd/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { MoneyInput, moneyValue } from '../../../components/MoneyInput';
import { RecordForm } from '../../../components/RecordForm';
import { errorMessage } from '../../../lib/api-client';
import { zodValidate } from '../../../lib/form';
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

export function ExpenseForm({ mode }: { mode: 'new' | 'view' | 'edit' }) {
  const { id } = useParams();
  const expense = useExpense(mode === 'new' ? undefined : id);
  const create = useCreateExpense();
  const update = useUpdateExpense();
  const billers = useBillerOptions();
  const form = useForm<Values>({
    // A new expense: today, biller 2.
    initialValues: {
      date: todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone),
      billerID: String(SECOND_BILLER_ID),
      expense: '',
      category: '',
      amount: 0,
    },
    validate: (values) => zodValidate(expenseInput)(toBody(values as Values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the expense arrives
  useEffect(() => {
    const e = expense.data;
    if (e)
      form.setValues({
        date: e.date,
        billerID: String(e.billerID),
        expense: e.expense,
        category: e.category,
        amount: e.amount,
      });
  }, [expense.data]);

  return (
    <RecordForm
      title={
        mode === 'new'
          ? 'New Expense'
          : mode === 'edit'
            ? `Edit Expense ${expense.data?.reference ?? ''}`
            : `Expense ${expense.data?.reference ?? ''}`
      }
      form={form}
      backTo="/expenses/"
      afterSaveTo="/expenses"
      editTo={`/expenses/edit/${id}`}
      loading={mode !== 'new' && expense.isPending}
      loadError={expense.isError ? errorMessage(expense.error) : null}
      onSubmit={
        mode === 'view'
          ? undefined
          : (v) =>
              mode === 'new' ? create.mutateAsync(toBody(v)) : update.mutateAsync({ ...toBody(v), id: Number(id) })
      }
    >
      {(readOnly) => (
        <Stack gap="sm">
          <TextInput label="Date" type="date" readOnly={readOnly} {...form.getInputProps('date')} />
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
