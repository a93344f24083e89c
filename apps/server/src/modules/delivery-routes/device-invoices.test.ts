import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';

const t = testApp();
/** A 1×1 PNG, as a signature pad or a camera would send a (much larger) one. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const DEVICE = 'phone-dan-0001';

let driver: { id: number; token: string };
let store: number;
let cola: { id: number; name: string; barcode: string };
let chips: { id: number; name: string; barcode: string };
let numbers: number[];

const ok = async (method: string, url: string, body: unknown, token = t.adminToken) => {
  const res = await t.call(method as 'POST', url, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sync = (body: Record<string, unknown>, token: string | null = driver.token) =>
  t.call('POST', '/api/route/invoice/', body, token);

/** The store's copy as the device printed it: 24 colas, 10 chips, 2 colas back (damaged); $5 cash and a cheque. */
const printed = (number: number, over: Record<string, unknown> = {}) => ({
  deviceID: DEVICE,
  number,
  customerID: store,
  date: '2026-11-26',
  printedAt: '2026-11-26T14:05:00-06:00',
  lines: [
    {
      productID: cola.id,
      productName: cola.name,
      barcode: cola.barcode,
      quantity: 24,
      costPrice: 0.8,
      sellingPrice: 1.24,
      suggestedRetailPrice: 1.99,
    },
    {
      productID: chips.id,
      productName: chips.name,
      barcode: chips.barcode,
      quantity: 10,
      costPrice: 0.5,
      sellingPrice: 0.99,
      suggestedRetailPrice: 1.49,
    },
    {
      productID: cola.id,
      productName: cola.name,
      barcode: cola.barcode,
      quantity: -2,
      damaged: true,
      costPrice: 0.8,
      sellingPrice: 1.24,
      suggestedRetailPrice: 1.99,
    },
  ],
  // 24 × 1.24 + 10 × 0.99 = 29.76 + 9.90 = 39.66 sold; 2 × 1.24 = 2.48 credited; 37.18 owed
  totals: { total: 39.66, amountCredited: 2.48 },
  payments: [
    { paymentType: 'cash', amount: 5 },
    { paymentType: 'cheque', amount: 20, chequeNo: '1042', chequeImage: PNG },
  ],
  proof: {
    receivedBy: 'Maria Lopez',
    signedAt: '2026-11-26T14:06:10-06:00',
    signature: PNG,
    latitude: 41.88,
    longitude: -87.63,
  },
  ...over,
});

beforeAll(async () => {
  driver = await t.createUser('driver.dan');
  store = (await ok('POST', '/api/customer/new/', { company: 'Express Mart #124', creditLimit: 50 })).customer.id;
  cola = await createProduct(t, { name: 'Cola 12oz', costPrice: 0.8, sellingPrice: 1.24, suggestedRetailPrice: 1.99 });
  chips = await createProduct(t, { name: 'Chips', costPrice: 0.5, sellingPrice: 0.99, suggestedRetailPrice: 1.49 });
  numbers = (await ok('POST', '/api/route/numbers/reserve/', { deviceID: DEVICE, count: 20 }, driver.token)).block
    .numbers;
});

describe("a device's invoice", () => {
  it('is stored as printed: its number, lines, prices, payments, cheque photo and signature; totals equal the lines', async () => {
    const res = await sync(printed(numbers[0]));
    expect(res.statusCode, res.body).toBe(200);
    const { invoice, flags, replayed } = res.json();
    expect(replayed).toBe(false);
    expect(flags).toEqual([]);
    expect(invoice).toMatchObject({
      invoiceNo: `Invoice/${numbers[0]}`,
      status: 'DUE',
      total: 39.66,
      amountCredited: 2.48,
      paid: 25,
      balance: 12.18,
    });

    const lines = (await ok('POST', `/api/invoice/${invoice.id}/`, { resultsPerPage: 100 })).invoiceItems;
    expect(
      lines.map((l: { quantity: number; sellingPrice: number; subtotal: number; damagedGood: boolean }) => [
        l.quantity,
        l.sellingPrice,
        l.subtotal,
        l.damagedGood,
      ]),
    ).toEqual([
      [24, 1.24, 29.76, false],
      [10, 0.99, 9.9, false],
      [-2, 1.24, -2.48, true],
    ]);
    const payments = (await ok('POST', `/api/payment/invoice/${invoice.id}/`, {})).paymentHistory;
    // The history lists the newest first.
    expect(
      payments.map((p: { paymentType: string; amountPaid: number }) => [p.paymentType, p.amountPaid]).sort(),
    ).toEqual([
      ['cash', 5],
      ['cheque', 20],
    ]);
    const cheque = payments.find((p: { paymentType: string }) => p.paymentType === 'cheque');
    expect(cheque).toMatchObject({ chequeNo: '1042' });
    expect(cheque.hasCheque).toBe(true);
    const photo = await t.app.inject({
      method: 'GET',
      url: `/images/cheques/${cheque.referenceNo}.jpg`,
      headers: { token: t.adminToken },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(Buffer.from(PNG.split(',')[1], 'base64'))).toBe(true);
    const proof = await t.database.db.execute(
      sql`select p.received_by, p.latitude, f.kind, f.size from invoice_proofs p join files f on f.id = p.signature_file_id where p.invoice_id = ${invoice.id}`,
    );
    expect((proof as unknown as { rows: unknown[] }).rows).toEqual([
      {
        received_by: 'Maria Lopez',
        latitude: 41.88,
        kind: 'signature',
        size: Buffer.from(PNG.split(',')[1], 'base64').length,
      },
    ]);
    // The proof of delivery travels with the printed invoice: the document and its PDF.
    const doc = (await ok('GET', `/api/invoice/document/${invoice.id}/`, undefined)).invoiceDocument;
    expect(doc.proof).toMatchObject({ receivedBy: 'Maria Lopez', latitude: 41.88, longitude: -87.63, signature: PNG });
    expect(doc.proof.signedAt).toBe('2026-11-26T20:06:10.000Z');
    const pdf = await t.call('GET', `/api/invoice/pdf/${invoice.id}/`, undefined, t.adminToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Received by Maria Lopez');
    const summary = (await ok('POST', `/api/invoice/summary/${invoice.id}/`, undefined)).invoiceSummary;
    expect(summary).toMatchObject({ customerID: store, date: '2026-11-26', status: 'DUE' });
  });

  it('sent again after a lost answer changes nothing and answers the stored invoice', async () => {
    const first = (await sync(printed(numbers[1]))).json();
    const again = await sync(printed(numbers[1]));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, invoice: first.invoice });
    const payments = (await ok('POST', `/api/payment/invoice/${first.invoice.id}/`, {})).paymentHistory;
    expect(payments).toHaveLength(2);
  });

  it('sent five times at once is stored once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => sync(printed(numbers[2]))));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().invoice.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.json().replayed)).toHaveLength(1);
    const list = (await ok('POST', '/api/invoice/all/', { searchQuery: `Invoice/${numbers[2]}` })).invoices;
    expect(list).toHaveLength(1);
    const payments = (await ok('POST', `/api/payment/invoice/${[...ids][0]}/`, {})).paymentHistory;
    expect(payments).toHaveLength(2);
  });

  it('keeps what the store was handed when the office changed a price or deleted a product meanwhile, and flags both', async () => {
    await ok('PATCH', '/api/product/update/', {
      id: chips.id,
      name: chips.name,
      barcodeSymbology: 'upca',
      barcode: chips.barcode,
      costPrice: 0.5,
      sellingPrice: 1.09,
      suggestedRetailPrice: 1.49,
    });
    const gum = await createProduct(t, { name: 'Gum', sellingPrice: 0.5 });
    await ok('DELETE', `/api/product/delete/${gum.id}/`, undefined);
    const body = printed(numbers[3], {
      lines: [
        {
          productID: chips.id,
          productName: 'Chips',
          barcode: chips.barcode,
          quantity: 10,
          costPrice: 0.5,
          sellingPrice: 0.99,
          suggestedRetailPrice: 1.49,
        },
        {
          productID: gum.id,
          productName: 'Gum',
          barcode: gum.barcode,
          quantity: 4,
          costPrice: 0.2,
          sellingPrice: 0.5,
          suggestedRetailPrice: 0.99,
        },
      ],
      totals: { total: 11.9, amountCredited: 0 },
      payments: [],
      proof: null,
    });
    const res = await sync(body);
    expect(res.statusCode, res.body).toBe(200);
    const { invoice, flags } = res.json();
    expect(invoice.total).toBe(11.9);
    expect(flags).toEqual([
      { kind: 'price', message: "Chips: sold at $0.99; the office's price for this customer is $1.09" },
      { kind: 'deletedProduct', message: 'Gum was deleted in the office; the line keeps what was sold' },
    ]);
  });

  it('flags a total the lines do not add up to and a customer past the credit limit', async () => {
    const res = await sync(
      printed(numbers[4], { totals: { total: 40, amountCredited: 2.48 }, payments: [], proof: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().flags.map((f: { kind: string }) => f.kind);
    expect(kinds).toContain('total');
    expect(kinds).toContain('creditLimit');
    expect(res.json().flags.find((f: { kind: string }) => f.kind === 'total').message).toBe(
      'The device printed $40.00 less $2.48 credited; the lines add up to $39.66 less $2.48 credited',
    );
  });

  it('refuses a number not reserved for this device, an unknown customer and bad input', async () => {
    const other = await t.createUser('driver.eve');
    const stranger = await sync(printed(numbers[5]), other.token);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().message).toBe(`Invoice number ${numbers[5]} was not reserved for this device`);
    const officeNumber = Number(
      (await ok('POST', '/api/invoice/new/invoice/', undefined)).invoice.invoiceNo.replace('Invoice/', ''),
    );
    const office = await sync(printed(officeNumber));
    expect(office.statusCode).toBe(409);
    expect(office.json().message).toBe(`Invoice number ${officeNumber} was not reserved for this device`);

    const unknown = await sync(printed(numbers[5], { customerID: 999999 }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("The customer doesn't exist");

    const notImage = await sync(
      printed(numbers[5], {
        proof: { receivedBy: 'X', signedAt: '2026-11-26T14:06:10Z', signature: 'data:image/png;base64,aGVsbG8=' },
      }),
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('proof.signature is not a PNG, JPEG or WebP image');
    const damagedSale = printed(numbers[5]);
    (damagedSale.lines[0] as Record<string, unknown>).damaged = true;
    expect((await sync(damagedSale)).statusCode).toBe(400);
    expect((await sync({ ...printed(numbers[5]), lines: [] })).statusCode).toBe(400);
    expect((await sync(printed(numbers[5]), null)).statusCode).toBe(401);
    // Each refusal reached the office's flags; nothing of the refused attempts was stored.
    const flags = (await ok('POST', '/api/deviceFlag/all/', { searchQuery: 'was refused', resultsPerPage: 50 })).flags;
    expect(flags.map((f: { message: string }) => f.message)).toContain(
      `Invoice/${numbers[5]} for customer ${store} was refused and not stored: Invoice number ${numbers[5]} was not reserved for this device`,
    );
    expect(flags.map((f: { message: string }) => f.message)).toContain(
      `Invoice/${numbers[5]} for customer 999999 was refused and not stored: The customer doesn't exist`,
    );
    // The number is still free.
    const later = await sync(printed(numbers[5]));
    expect(later.json()).toMatchObject({ replayed: false, invoice: { invoiceNo: `Invoice/${numbers[5]}` } });
  });
});
