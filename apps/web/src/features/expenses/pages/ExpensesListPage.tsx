import { Select, TextInput } from '@mantine/core';
import { callRoutes, EXPENSE_CSV, type Expense, MONTHS } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { deleteAction, viewEdit } from '../../../components/list/row-actions';
import { specColumns } from '../../../components/spec-columns';
import { allExpenses, useDeleteExpense } from '../api';

const { expenseCalls } = callRoutes;

const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));

export default function ExpensesListPage() {
  const remove = useDeleteExpense();
  return (
    <ListPage<Expense, { amount: number }>
      title="All Expenses"
      source={allExpenses}
      withFooter
      rowNoun="expense"
      params={{
        extraDefaults: { month: '', year: '' },
        // The year is free text: anything that is not a 4-digit year is not sent.
        mapExtra: (e) => ({
          month: e.month ? Number(e.month) : '',
          year: /^\d{4}$/.test(e.year) ? Number(e.year) : '',
        }),
      }}
      filters={(p) => (
        <>
          <Select
            label="Month"
            placeholder="All"
            data={monthOptions}
            value={p.extra.month || null}
            onChange={(v) => p.setExtra({ month: v ?? '' })}
            clearable
            w={150}
          />
          <TextInput
            label="Year"
            placeholder="All"
            defaultValue={p.extra.year}
            w={90}
            onChange={(e) => p.setExtra({ year: e.currentTarget.value.trim() })}
          />
        </>
      )}
      columns={(totals) =>
        specColumns<Expense>(EXPENSE_CSV, { footers: { amount: { value: totals?.amount, testId: 'expenses-total' } } })
      }
      rowActions={(e) => [...viewEdit('expenses', e.id), deleteAction(e.reference, () => remove.mutateAsync(e.id))]}
      header={{ addNewTo: '/expenses/new', exportCsv: expenseCalls.export }}
    />
  );
}
