import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../lib/api-client';
import { useIdParam } from '../lib/route-params';

export type FormMode = 'new' | 'view' | 'edit';

interface RecordPageOptions<R, V extends Record<string, unknown>, B> {
  mode: FormMode;
  /** The area's path: `expenses`, `distributors/invoices`. */
  path: string;
  /** "Expense": titles New Expense, Edit Expense, Expense. */
  noun: string;
  /** Where Back goes when it is not the list (`/customers/`). */
  backTo?: string;
  form: UseFormReturnType<V>;
  /** The area's hooks: the record by id, create and update. */
  useRecord: (id: number | undefined) => UseQueryResult<R>;
  useCreate: () => { mutateAsync(body: B): Promise<unknown> };
  useUpdate: () => { mutateAsync(body: B & { id: number }): Promise<unknown> };
  /** The record → the form's values (filled once it arrives). */
  toValues: (record: R) => V;
  /** The form's values → the body of create and update. */
  toBody: (values: V) => B;
}

/**
 * A record area's new/view/edit page (docs/web.md, "Forms"): loads the
 * record unless new, fills the form once it arrives, and gives RecordForm its
 * title, links, loading and error states and the submit of create or update.
 */
export function useRecordPage<R, V extends Record<string, unknown>, B>(o: RecordPageOptions<R, V, B>) {
  const id = useIdParam();
  const record = o.useRecord(o.mode === 'new' ? undefined : id);
  const create = o.useCreate();
  const update = o.useUpdate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the record arrives
  useEffect(() => {
    if (record.data) o.form.setValues(o.toValues(record.data));
  }, [record.data]);
  const list = `/${o.path}`;
  return {
    record,
    formProps: {
      title: o.mode === 'new' ? `New ${o.noun}` : o.mode === 'edit' ? `Edit ${o.noun}` : o.noun,
      form: o.form,
      backTo: o.backTo ?? list,
      afterSaveTo: list,
      editTo: `${list}/edit/${id}`,
      loading: o.mode !== 'new' && record.isPending,
      loadError: record.isError ? errorMessage(record.error) : null,
      onSubmit:
        o.mode === 'view'
          ? undefined
          : (values: V) =>
              o.mode === 'new'
                ? create.mutateAsync(o.toBody(values))
                : update.mutateAsync({ ...o.toBody(values), id: id ?? 0 }),
    },
  };
}
