import type { ImportKind } from '@wd/contracts';

/** How the import screen names each kind of record. */
export const WORDS: Record<ImportKind, { plural: string; singular: string; title: string; match: string }> = {
  products: {
    plural: 'products',
    singular: 'product',
    title: 'Import Products',
    match: 'When a row matches an existing product (same barcode)',
  },
  customers: {
    plural: 'customers',
    singular: 'customer',
    title: 'Import Customers',
    match: 'When a row matches an existing customer (same company and postal code)',
  },
};
