import type { Biller } from '@wd/contracts';
import type { Column } from '../../../components/DataTable';

/** The biller table's columns, shared by the list and recover screens. */
export const billerColumns: Column<Biller>[] = [
  { key: 'id', title: 'ID', sortable: true },
  { key: 'company', title: 'Company', sortable: true },
  { key: 'name', title: 'Contact', sortable: true },
  { key: 'city', title: 'City', sortable: true },
  { key: 'phone', title: 'Phone', sortable: true },
  { key: 'email', title: 'Email', sortable: true },
];
