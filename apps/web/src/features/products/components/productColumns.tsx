import { PRODUCT_COLUMNS, type Product, pickColumns } from '@wd/contracts';
import { specColumns } from '../../../components/spec-columns';

/** The product table's columns, shared by the product, recover and group screens. */
export const productColumns = specColumns<Product>(
  pickColumns(PRODUCT_COLUMNS, ['name', 'barcode', 'category', 'costPrice', 'sellingPrice', 'suggestedRetailPrice']),
);

/** The product list adds how many were sold. */
export const productListColumns = [...productColumns, ...specColumns<Product>([PRODUCT_COLUMNS.quantitySold])];
