import type { ListSource } from '../lib/list-source';
import type { Column } from './DataTable';
import { ListPage } from './list/ListPage';

const PERMANENT = 'Are you sure you want to permanently delete?';

interface RecoverPageProps<T> {
  /** The area's path (`products`): Back goes to its list. */
  path: string;
  /** "Products": the title says Recover Products, an empty list No deleted products. */
  plural: string;
  /** The deleted list (listSource of the area's listDeleted call). */
  source: ListSource<T>;
  columns: Column<T>[];
  /** How a row is named in the confirmation. */
  label: (row: T) => string;
  /** The area's recover and delete mutations (bulk ids; they invalidate the area). */
  recover: (ids: (string | number)[]) => Promise<unknown>;
  remove: (ids: (string | number)[]) => Promise<unknown>;
}

/**
 * The one recover screen of the soft-delete mechanism (products, billers,
 * customers): Recover or permanently Delete a row, or the selected rows.
 */
export function RecoverPage<T extends { id: number }>(props: RecoverPageProps<T>) {
  return (
    <ListPage<T>
      title={`Recover ${props.plural}`}
      source={props.source}
      emptyText={`No deleted ${props.plural.toLowerCase()}`}
      columns={props.columns}
      rowActions={(row) => [
        {
          label: 'Recover',
          confirm: { title: 'Are you sure you want to Recover?', message: props.label(row), danger: false },
          run: () => props.recover([row.id]),
        },
        {
          label: 'Delete',
          color: 'red',
          confirm: { title: PERMANENT, message: props.label(row) },
          run: () => props.remove([row.id]),
        },
      ]}
      bulkActions={[
        {
          label: 'Recover selected',
          color: 'blue',
          confirm: { title: 'Are you sure you want to Recover?', danger: false },
          run: props.recover,
        },
        { label: 'Delete selected', confirm: { title: PERMANENT }, run: props.remove },
      ]}
      header={{ backTo: `/${props.path}` }}
    />
  );
}
