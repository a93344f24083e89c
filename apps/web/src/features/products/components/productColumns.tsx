import type { Product } from '@wd/contracts';
import type { Column } from '../../../components/DataTable';
import { MoneyText } from '../../../components/MoneyText';

/** The product table's columns, shared by the product, recover and group screens. */
export const productColumns: Column<Product>[] = [
  { key: 'name', title: 'Name', sortable: true },
  { key: 'barcode', title: 'Barcode', sortable: true },
  { key: 'category', title: 'Category', sortable: true },
  { key: 'costPrice', title: 'Cost', sortable: true, align: 'right', render: (p) => <MoneyText value={p.costPrice} /> },
  {
    key: 'sellingPrice',
    title: 'Selling',
    sortable: true,
    align: 'right',
    render: (p) => <MoneyText value={p.sellingPrice} />,
  },
  {
    key: 'suggestedRetailPrice',
    title: 'Retail',
    sortable: true,
    align: 'right',
    render: (p) => <MoneyText value={p.suggestedRetailPrice} />,
  },
];
