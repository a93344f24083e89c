import { col, columnSet, pickColumns } from './common/columns.js';

/**
 * The columns of every list, declared once (common/columns.ts): the screens take theirs from here
 * (with the short heading where they are narrow) and Export CSV writes `<list>Csv` in its order,
 * whose headings are also what the import reads back.
 */

export const PRODUCT_COLUMNS = columnSet({
  id: col.count('ID'),
  name: col.text('Name'),
  unitQuantity: col.count('Unit Quantity'),
  barcodeSymbology: col.text('Symbology'),
  barcode: col.text('Barcode'),
  boxBarcode: col.text('Box Barcode'),
  category: col.text('Category'),
  costPrice: col.money('Cost Price', 'Cost'),
  sellingPrice: col.money('Selling Price', 'Selling'),
  suggestedRetailPrice: col.money('Suggested Retail Price', 'Retail'),
  quantitySold: col.count('Quantity Sold', 'Sold'),
});
export const PRODUCT_CSV = pickColumns(PRODUCT_COLUMNS, [
  'name',
  'unitQuantity',
  'barcodeSymbology',
  'barcode',
  'boxBarcode',
  'category',
  'costPrice',
  'sellingPrice',
  'suggestedRetailPrice',
  'quantitySold',
  'id',
]);

export const CUSTOMER_COLUMNS = columnSet({
  id: col.count('ID'),
  company: col.text('Company'),
  name: col.text('Name', 'Contact'),
  address: col.text('Address'),
  city: col.text('City'),
  state: col.text('State'),
  postalCode: col.text('Postal Code'),
  country: col.text('Country'),
  phone: col.text('Phone'),
  email: col.text('Email'),
  awardPoints: col.count('Award Points'),
  taxPermitNumber: col.text('Tax Permit Number'),
  priceGroup: col.text('Price Group', 'Price group'),
  creditLimit: col.money('Credit Limit', 'Credit limit'),
  dateLastVerified: col.date('Date Last Verified', 'Verified'),
});
export const CUSTOMER_CSV = pickColumns(CUSTOMER_COLUMNS, [
  'company',
  'name',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  'phone',
  'email',
  'awardPoints',
  'taxPermitNumber',
  'priceGroup',
  'creditLimit',
  'dateLastVerified',
  'id',
]);

export const BILLER_COLUMNS = columnSet({
  id: col.count('ID'),
  company: col.text('Company'),
  name: col.text('Contact'),
  city: col.text('City'),
  phone: col.text('Phone'),
  email: col.text('Email'),
  address: col.text('Address'),
  state: col.text('State'),
  postalCode: col.text('Postal Code'),
  country: col.text('Country'),
});
export const BILLER_CSV = pickColumns(BILLER_COLUMNS, [
  'id',
  'company',
  'name',
  'city',
  'phone',
  'email',
  'address',
  'state',
  'postalCode',
  'country',
]);

export const SUPPLIER_COLUMNS = columnSet({
  id: col.count('ID'),
  company: col.text('Supplier'),
  email: col.text('Email'),
  phone: col.text('Phone'),
  address: col.text('Address'),
});
export const SUPPLIER_CSV = pickColumns(SUPPLIER_COLUMNS, ['company', 'email', 'phone', 'address', 'id']);

export const EXPENSE_COLUMNS = columnSet({
  reference: col.text('Reference'),
  date: col.date('Date'),
  biller: col.text('Biller'),
  expense: col.text('Expense'),
  category: col.text('Category'),
  amount: col.money('Amount'),
});
export const EXPENSE_CSV = pickColumns(EXPENSE_COLUMNS, [
  'reference',
  'date',
  'biller',
  'expense',
  'category',
  'amount',
]);

export const INVOICE_COLUMNS = columnSet({
  invoiceNo: col.text('Invoice No'),
  date: col.date('Date'),
  customer: col.text('Customer'),
  biller: col.text('Biller'),
  type: col.text('Invoice Type'),
  status: col.text('Status'),
  consignmentStatus: col.text('Consignment Status'),
  total: col.money('Total'),
  paid: col.money('Paid'),
  discountRedeemed: col.money('Discount'),
  amountCredited: col.money('Credit'),
  balance: col.money('Balance'),
  awardPointsRedeemed: col.money('Award Points Redeemed'),
  remarks: col.text('Remarks'),
  notes: col.text('Notes'),
});
export const INVOICE_CSV = pickColumns(INVOICE_COLUMNS, [
  'invoiceNo',
  'date',
  'customer',
  'biller',
  'type',
  'status',
  'consignmentStatus',
  'total',
  'paid',
  'discountRedeemed',
  'amountCredited',
  'balance',
  'awardPointsRedeemed',
  'remarks',
  'notes',
]);

export const SUPPLIER_INVOICE_COLUMNS = columnSet({
  date: col.date('Date'),
  distributor: col.text('Supplier'),
  invoiceNo: col.text('Invoice No'),
  status: col.text('Status'),
  amountPurchase: col.money('Purchase'),
  amountPaid: col.money('Paid'),
  amountDue: col.money('Due'),
  datePaid: col.date('Date Paid'),
  note: col.text('Note'),
});
/** The supplier invoice list's columns; its CSV adds the date paid and the note. */
export const SUPPLIER_INVOICE_SCREEN = pickColumns(SUPPLIER_INVOICE_COLUMNS, [
  'date',
  'distributor',
  'invoiceNo',
  'status',
  'amountPurchase',
  'amountPaid',
  'amountDue',
]);
export const SUPPLIER_INVOICE_CSV = [
  ...SUPPLIER_INVOICE_SCREEN,
  ...pickColumns(SUPPLIER_INVOICE_COLUMNS, ['datePaid', 'note']),
];

export const PRICE_GROUP_ITEM_COLUMNS = columnSet({
  id: col.count('ID'),
  productID: col.count('Product ID'),
  productName: col.text('Product'),
  barcode: col.text('Barcode'),
  category: col.text('Category'),
  costPrice: col.money('Cost'),
  sellingPrice: col.money('Selling'),
  updatedPrice: col.money('Group price'),
  suggestedRetailPrice: col.money('Retail'),
  updatedSuggestedRetailPrice: col.money('Group retail'),
});
/** A price group's items as its screen shows them; the CSV adds the category and the ids. */
export const PRICE_GROUP_ITEM_SCREEN = pickColumns(PRICE_GROUP_ITEM_COLUMNS, [
  'productName',
  'barcode',
  'costPrice',
  'sellingPrice',
  'updatedPrice',
  'suggestedRetailPrice',
  'updatedSuggestedRetailPrice',
]);
export const PRICE_GROUP_ITEM_CSV = [
  ...PRICE_GROUP_ITEM_SCREEN,
  ...pickColumns(PRICE_GROUP_ITEM_COLUMNS, ['category', 'productID', 'id']),
];

/** Both payment histories; a customer payment has a receipt, a biller, a customer, a discount and points, a supplier payment a supplier. */
export const PAYMENT_COLUMNS = columnSet({
  referenceNo: col.text('Reference'),
  receiptNo: col.text('Receipt'),
  date: col.date('Date'),
  invoiceNo: col.text('Invoice'),
  biller: col.text('Biller'),
  customer: col.text('Customer'),
  distributor: col.text('Supplier'),
  total: col.money('Total'),
  amountPaid: col.money('Paid'),
  discountRedeemed: col.money('Discount'),
  amountDue: col.money('Due'),
  paymentType: col.text('Type'),
  chequeNo: col.text('Cheque'),
  awardPointsRedeemed: col.money('Points'),
});
export const CUSTOMER_PAYMENT_CSV = pickColumns(PAYMENT_COLUMNS, [
  'referenceNo',
  'receiptNo',
  'date',
  'invoiceNo',
  'biller',
  'customer',
  'total',
  'amountPaid',
  'discountRedeemed',
  'amountDue',
  'paymentType',
  'chequeNo',
  'awardPointsRedeemed',
]);
/** Supplier payments have no discount, no award points and no receipt. */
export const SUPPLIER_PAYMENT_CSV = pickColumns(PAYMENT_COLUMNS, [
  'referenceNo',
  'date',
  'invoiceNo',
  'distributor',
  'total',
  'amountPaid',
  'amountDue',
  'paymentType',
  'chequeNo',
]);

/** Stock on hand per product and location (value at today's cost). */
export const STOCK_LEVEL_COLUMNS = columnSet({
  product: col.text('Product'),
  barcode: col.text('Barcode'),
  category: col.text('Category'),
  location: col.text('Location'),
  quantity: col.count('On Hand', 'On hand'),
  costPrice: col.money('Cost Price', 'Cost'),
  value: col.money('Value at Cost', 'Value at cost'),
});
export const STOCK_LEVEL_CSV = pickColumns(STOCK_LEVEL_COLUMNS, [
  'product',
  'barcode',
  'category',
  'location',
  'quantity',
  'costPrice',
  'value',
]);

/** The stock ledger: one movement per row, signed into (+) or out of (−) its location. */
export const STOCK_MOVEMENT_COLUMNS = columnSet({
  createdAt: col.text('When'),
  product: col.text('Product'),
  location: col.text('Location'),
  kind: col.text('Movement'),
  quantity: col.count('Quantity'),
  source: col.text('Source'),
  note: col.text('Note'),
  user: col.text('User'),
});
export const STOCK_MOVEMENT_CSV = pickColumns(STOCK_MOVEMENT_COLUMNS, [
  'createdAt',
  'product',
  'location',
  'kind',
  'quantity',
  'source',
  'note',
  'user',
]);

/** Products below their reorder point. */
export const REORDER_COLUMNS = columnSet({
  product: col.text('Product'),
  barcode: col.text('Barcode'),
  category: col.text('Category'),
  reorderLevel: col.count('Reorder Level', 'Reorder level'),
  warehouse: col.count('Warehouse'),
  trucks: col.count('On Trucks', 'On trucks'),
  sellable: col.count('Sellable'),
  short: col.count('Short'),
  costPrice: col.money('Cost Price', 'Cost'),
  value: col.money('Cost to Reorder', 'Cost to reorder'),
});
export const REORDER_CSV = pickColumns(REORDER_COLUMNS, [
  'product',
  'barcode',
  'category',
  'reorderLevel',
  'warehouse',
  'trucks',
  'sellable',
  'short',
  'costPrice',
  'value',
]);

/** Settlements by driver and day, over/short in dollars (stock at cost). */
export const SETTLEMENT_COLUMNS = columnSet({
  date: col.date('Day'),
  driver: col.text('Driver'),
  truck: col.text('Truck'),
  status: col.text('Status'),
  stock: col.money('Stock Over/Short', 'Stock'),
  money: col.money('Money Over/Short', 'Money'),
  adjustments: col.money('Adjustments'),
  overShort: col.money('Over/Short'),
});
export const SETTLEMENT_CSV = pickColumns(SETTLEMENT_COLUMNS, [
  'date',
  'driver',
  'truck',
  'status',
  'stock',
  'money',
  'adjustments',
  'overShort',
]);
