import type { ReactNode } from 'react';
import type { RowAction } from './RowActions';

/** View and Edit of a record area's row: `/<path>/<id>` and `/<path>/edit/<id>`; View is the row's own page. */
export function viewEdit(path: string, id: number): RowAction[] {
  return [
    { label: 'View', to: `/${path}/${id}`, opens: true },
    { label: 'Edit', to: `/${path}/edit/${id}` },
  ];
}

/** Delete, asked first with the spec's 'Are you sure you want to delete?' and what goes. */
export function deleteAction(message: ReactNode, run: () => Promise<unknown>): RowAction {
  return { label: 'Delete', color: 'red', confirm: { title: 'Are you sure you want to delete?', message }, run };
}

/** The row's own page: the link of its shown action marked `opens`, if it has one. */
export function rowPage(actions: RowAction[]): string | undefined {
  return actions.find((a) => a.opens && a.to && !a.hidden)?.to;
}
