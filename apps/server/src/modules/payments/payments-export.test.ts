import type { Payment, SupplierPayment } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import {
  created,
  csvRecords,
  csvResponse,
  expectExportIsTheList,
  expectExportRefusals,
  testApp,
} from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';
import {
  CUSTOMER_HEADINGS,
  customerCsv,
  SUPPLIER_HEADINGS,
  supplierCsv,
  withPhoto,
} from './payments-export-test-kit.js';

/** Export CSV of the payment histories (customer's, invoice's, supplier's, supplier invoice's). */
const t = testApp();
const { newInvoice, addLine, setInvoice, pay } = invoiceCalls(() => t);

type Filter = Record<string, unknown>;

let customer: number;
let big: { id: number; invoiceNo: string };
let small: { id: number; invoiceNo: string };
let supplier: number;
let supplierInvoice: number;
const filters: Filter[] = [
  {},
  { startDate: '2026-10-05' },
  { startDate: '2026-10-01', endDate: '2026-10-05' },
  { searchQuery: '2002' },
  { searchQuery: 'CHEQUE' },
  { searchQuery: 'nothing like this' },
  { sortingList: [{ column: 'amountPaid', order: 'desc' }] },
  {
    sortingList: [
      { column: 'invoiceNo', order: 'asc' },
      { column: 'chequeNo', order: 'desc' },
    ],
  },
];

beforeAll(async () => {
  customer = (await created<{ id: number }>(t, '/api/customer/new/', { company: 'Payer, "Export" Ltd' }, 'customer'))
    .id;
  const pricey = await createProduct(t, { sellingPrice: 1234567.89 });
  const ten = await createProduct(t, { sellingPrice: 10 });
  const due = async (date: string, product: number) => {
    const inv = await newInvoice();
    await setInvoice(inv.id, { date, customerID: customer });
    await addLine(inv.id, product);
    await setInvoice(inv.id, { status: 'DUE' });
    return inv;
  };
  big = await due('2026-09-30', pricey.id);
  small = await due('2026-09-29', ten.id);
  expect((await pay(big.id, { date: '2026-10-01', amountPaid: 0.1 })).statusCode).toBe(200);
  await withPhoto(t, '/api/payment/insert/', {
    invoiceID: big.id,
    date: '2026-10-05',
    chequeNo: '2002',
    amountPaid: 100,
  });
  expect(
    (
      await pay(big.id, {
        date: '2026-10-07',
        paymentType: 'cheque',
        chequeNo: '3003',
        amountPaid: 1,
        discountRedeemed: 0.5,
      })
    ).statusCode,
  ).toBe(200);
  const receipt = await t.call(
    'POST',
    '/api/receipt/insert/',
    {
      customerID: customer,
      date: '2026-10-03',
      paymentType: 'cash',
      amount: 4,
      allocations: [{ invoiceID: small.id, amount: 4 }],
    },
    t.adminToken,
  );
  expect(receipt.statusCode, receipt.body).toBe(200);
  // Someone else's payment: in neither of this customer's histories.
  const other = await newInvoice();
  await addLine(other.id, ten.id);
  await setInvoice(other.id, { status: 'DUE' });
  expect((await pay(other.id, { date: '2026-10-05', amountPaid: 3 })).statusCode).toBe(200);

  supplier = (
    await created<{ id: number }>(t, '/api/distributor/insert/', { company: 'Core-Mark, "West"' }, 'distributor')
  ).id;
  const supplierInvoiceOf = async (invoiceNo: string, amountPurchase: number) =>
    (
      await created<{ id: number }>(
        t,
        '/api/distributor/invoices/insert/',
        { date: '2026-09-01', distributorID: supplier, invoiceNo, amountPurchase },
        'distributorInvoice',
      )
    ).id;
  supplierInvoice = await supplierInvoiceOf('7001', 1234567.89);
  const second = await supplierInvoiceOf('7002', 20);
  const paySupplier = (invoiceID: number, fields: Record<string, unknown>) =>
    created(t, '/api/distributorPayment/insert/', { invoiceID, paymentType: 'cash', ...fields }, 'payment');
  await paySupplier(supplierInvoice, { date: '2026-10-01', amountPaid: 0.1 });
  await withPhoto(t, '/api/distributorPayment/insert/', {
    invoiceID: supplierInvoice,
    date: '2026-10-05',
    chequeNo: '2002',
    amountPaid: 100,
  });
  await paySupplier(second, { date: '2026-10-07', paymentType: 'moneyOrder', amountPaid: 20 });
});

describe('payment histories: export CSV', () => {
  it("a customer's and an invoice's: the history's rows over all its pages, cell for cell", async () => {
    for (const [list, csv, fileName] of [
      [`/api/payment/customer/${customer}/`, `/api/payment/customer/${customer}/export/`, 'customer-payments'],
      [`/api/payment/invoice/${big.id}/`, `/api/payment/invoice/${big.id}/export/`, 'invoice-payments'],
    ]) {
      await expectExportIsTheList<Payment>(t, {
        list,
        key: 'paymentHistory',
        csv,
        fileName,
        headings: CUSTOMER_HEADINGS,
        filters,
        asCsv: customerCsv,
      });
    }
    const url = `/api/payment/customer/${customer}/export/`;
    expect(await csvRecords(t, url, {}, 'customer-payments', CUSTOMER_HEADINGS)).toEqual([
      // Newest first: the discount, a cheque without photo, one with its photo, a receipt's share, money exact.
      [
        expect.stringMatching(/^PAY-/),
        '',
        '2026-10-07',
        big.invoiceNo,
        expect.any(String),
        'Payer, "Export" Ltd',
        '1234567.89',
        '1.00',
        '0.50',
        '1234466.29',
        'Cheque',
        '3003, no photo',
        '0.00',
      ],
      [
        expect.stringMatching(/^PAY-/),
        '',
        '2026-10-05',
        big.invoiceNo,
        expect.any(String),
        'Payer, "Export" Ltd',
        '1234567.89',
        '100.00',
        '0.00',
        '1234467.79',
        'Cheque',
        '2002',
        '0.00',
      ],
      [
        expect.stringMatching(/^PAY-/),
        expect.stringMatching(/^RCT-/),
        '2026-10-03',
        small.invoiceNo,
        expect.any(String),
        'Payer, "Export" Ltd',
        '10.00',
        '4.00',
        '0.00',
        '6.00',
        'Cash',
        '',
        '0.00',
      ],
      [
        expect.stringMatching(/^PAY-/),
        '',
        '2026-10-01',
        big.invoiceNo,
        expect.any(String),
        'Payer, "Export" Ltd',
        '1234567.89',
        '0.10',
        '0.00',
        '1234567.79',
        'Cash',
        '',
        '0.00',
      ],
    ]);
  });

  it("a supplier's and a supplier invoice's: the history's rows over all its pages, cell for cell", async () => {
    for (const [list, csv, fileName] of [
      [
        `/api/distributorPayment/distributor/${supplier}/`,
        `/api/distributorPayment/distributor/${supplier}/export/`,
        'supplier-payments',
      ],
      [
        `/api/distributorPayment/invoice/${supplierInvoice}/`,
        `/api/distributorPayment/invoice/${supplierInvoice}/export/`,
        'supplier-invoice-payments',
      ],
    ]) {
      await expectExportIsTheList<SupplierPayment>(t, {
        list,
        key: 'paymentHistory',
        csv,
        fileName,
        headings: SUPPLIER_HEADINGS,
        filters,
        asCsv: supplierCsv,
      });
    }
    const url = `/api/distributorPayment/distributor/${supplier}/export/`;
    expect(
      await csvRecords(t, url, { currentPage: 3, resultsPerPage: 1 }, 'supplier-payments', SUPPLIER_HEADINGS),
    ).toEqual([
      [
        expect.stringMatching(/^SPAY-/),
        '2026-10-07',
        '7002',
        'Core-Mark, "West"',
        '20.00',
        '20.00',
        '0.00',
        'Money order',
        '',
      ],
      [
        expect.stringMatching(/^SPAY-/),
        '2026-10-05',
        '7001',
        'Core-Mark, "West"',
        '1234567.89',
        '100.00',
        '1234467.79',
        'Cheque',
        '2002',
      ],
      [
        expect.stringMatching(/^SPAY-/),
        '2026-10-01',
        '7001',
        'Core-Mark, "West"',
        '1234567.89',
        '0.10',
        '1234567.79',
        'Cash',
        '',
      ],
    ]);
  });

  it('names the file after the history, quotes texts; 404 for an unknown id, 400 for a bad sort, 401 without a session', async () => {
    const names: [string, string][] = [
      [`/api/payment/customer/${customer}/export/`, 'customer-payments'],
      [`/api/payment/invoice/${big.id}/export/`, 'invoice-payments'],
      [`/api/distributorPayment/distributor/${supplier}/export/`, 'supplier-payments'],
      [`/api/distributorPayment/invoice/${supplierInvoice}/export/`, 'supplier-invoice-payments'],
    ];
    for (const [path, name] of names) {
      await csvResponse(t, path, {}, name);
      await expectExportRefusals(t, path);
    }
    const [customerPath, customerName] = names[0];
    expect((await csvResponse(t, customerPath, {}, customerName)).body).toContain('"Payer, ""Export"" Ltd"');
    const missing: [string, string][] = [
      ['/api/payment/customer/999999/export/', "The customer doesn't exist"],
      ['/api/payment/invoice/999999/export/', "The invoice doesn't exist"],
      ['/api/distributorPayment/distributor/999999/export/', "The distributor doesn't exist"],
      ['/api/distributorPayment/invoice/999999/export/', "The Supplier Invoice doesn't exist"],
    ];
    for (const [path, message] of missing) {
      const res = await t.call('POST', path, {}, t.adminToken);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(message);
    }
  });
});
