import type { Payment, SupplierPayment } from '@wd/contracts';
import { expect } from 'vitest';
import { multipart, type TestApp } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';

/** The payment histories' CSV as the export tests expect it: headings, and a row as the screen's cells. */
export const CUSTOMER_HEADINGS = [
  'Reference',
  'Receipt',
  'Date',
  'Invoice',
  'Biller',
  'Customer',
  'Total',
  'Paid',
  'Discount',
  'Due',
  'Type',
  'Cheque',
  'Points',
];
export const SUPPLIER_HEADINGS = ['Reference', 'Date', 'Invoice', 'Supplier', 'Total', 'Paid', 'Due', 'Type', 'Cheque'];
const TYPES: Record<string, string> = { cash: 'Cash', cheque: 'Cheque', credit: 'Credit', moneyOrder: 'Money order' };
const cheque = (p: { chequeNo: string; hasCheque: boolean }) =>
  p.chequeNo && !p.hasCheque ? `${p.chequeNo}, no photo` : p.chequeNo;
const money = (n: number) => n.toFixed(2);

/** A history row as the CSV writes it (the screen's cells). */
export const customerCsv = (p: Payment) => [
  p.referenceNo,
  p.receiptNo,
  p.date,
  p.invoiceNo,
  p.biller,
  p.customer,
  money(p.total),
  money(p.amountPaid),
  money(p.discountRedeemed),
  money(p.amountDue),
  TYPES[p.paymentType],
  cheque(p),
  money(p.awardPointsRedeemed),
];
export const supplierCsv = (p: SupplierPayment) => [
  p.referenceNo,
  p.date,
  p.invoiceNo,
  p.distributor,
  money(p.total),
  money(p.amountPaid),
  money(p.amountDue),
  TYPES[p.paymentType],
  cheque(p),
];

/** A cheque payment with a photo, through the multipart call at `path`. */
export async function withPhoto(t: TestApp, path: string, fields: Record<string, unknown>) {
  const body = multipart([
    { name: 'payment', data: JSON.stringify({ paymentType: 'cheque', ...fields }) },
    {
      name: 'chequeImage',
      filename: 'cheque.png',
      contentType: 'image/png',
      data: await barcodePng('CHEQUE-EXPORT', 'code128'),
    },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...body.headers, token: t.adminToken },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}
