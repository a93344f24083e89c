import { describe, expect, it } from 'vitest';
import { badInputApp } from './bad-input-test-kit.js';
import { createProduct } from './catalog.js';
import { PROTOTYPE_KEYS } from './hostile-input.js';

/** Each cause the audit of bad input found is a 400 that names its field (docs/api.md, "Bad input"). */
const { t, token, send, ok, checksum, sortedLists, listUrl } = badInputApp();

describe('each cause of the audit is a 400 naming the field', () => {
  it('a NUL byte or a lone surrogate in text, a search or a path parameter', async () => {
    for (const company of ['Acme\u0000', 'Acme \ud800', '\udc00Acme']) {
      const res = await send('POST', '/api/customer/new/', { company });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: company.includes('\u0000')
          ? 'company must not contain NUL characters'
          : 'company must not contain unpaired UTF-16 surrogates',
        field: 'company',
      });
    }
    expect(await send('POST', '/api/invoice/all/', { searchQuery: 'a\u0000' })).toEqual({
      status: 400,
      json: { message: 'searchQuery must not contain NUL characters', field: 'searchQuery' },
    });
    expect((await send('POST', '/api/user/ad%00min/')).json).toEqual({
      message: 'name must not contain NUL characters',
      field: 'name',
    });
    // A pair of surrogates is one character (an emoji), and welcome.
    const smile = (await ok('POST', '/api/customer/new/', { company: 'Smile 😀 Store' })).customer;
    expect(smile.company).toBe('Smile 😀 Store');
  });

  it('ids beyond 2^31 − 1 in a path or a body', async () => {
    for (const id of ['2147483648', '9007199254740993']) {
      expect(await send('POST', `/api/customer/${id}/`)).toEqual({
        status: 400,
        json: { message: 'id must be a number ≤ 2147483647', field: 'id' },
      });
    }
    expect((await send('POST', '/api/customer/2147483647/')).status).toBe(404);
    expect((await send('POST', '/api/invoice/insert/', { invoiceID: 2 ** 31, productID: 1 })).json).toEqual({
      message: 'invoiceID must be a number ≤ 2147483647',
      field: 'invoiceID',
    });
    expect((await send('POST', '/api/product/delete/', { ids: [1, 2 ** 31] })).json).toEqual({
      message: 'ids.1 must be a number ≤ 2147483647',
      field: 'ids.1',
    });
  });

  it('money above $21,474,836.47, 2^53 + 1 or 1e20 on every money field', async () => {
    const expense = { date: '2026-11-20', billerID: 1, expense: 'Rent' };
    for (const amount of [21_474_836.48, 2 ** 53 + 1, 1e20]) {
      expect(await send('POST', '/api/expenses/insert/', { ...expense, amount })).toEqual({
        status: 400,
        json: { message: 'amount must be a number ≤ 21474836.47', field: 'amount' },
      });
    }
    expect((await ok('POST', '/api/expenses/insert/', { ...expense, amount: 21_474_836.47 })).expense.amount).toBe(
      21_474_836.47,
    );
  });

  it('quantity × price past the column on an invoice line: 400, rolled back, nothing changed', async () => {
    const product = await createProduct(t, { costPrice: 1, sellingPrice: 2, suggestedRetailPrice: 3 });
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const line = (await ok('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id }))
      .invoiceItem;
    const before = await checksum();
    const change = { id: line.id, invoiceID: invoice.id };
    expect(
      await send('PATCH', '/api/invoice/update/item/', { ...change, quantity: 100_000, sellingPrice: 21_474_836.47 }),
    ).toEqual({
      status: 400,
      json: {
        message:
          "This line's quantity × sellingPrice would be more than $21,474,836.47, beyond what an amount can hold",
        field: 'quantity',
      },
    });
    // The cost stays the product's: 100,000 × $1 fits, and so does the price; the suggested retail does not.
    expect(
      (
        await send('PATCH', '/api/invoice/update/item/', {
          ...change,
          quantity: -100_000,
          suggestedRetailPrice: 21_474_836.47,
        })
      ).json,
    ).toMatchObject({
      message:
        "This line's quantity × suggestedRetailPrice would be less than -$21,474,836.47, beyond what an amount can hold",
    });
    expect(await checksum()).toBe(before);
    // Each line fits, their sum does not: the invoice's total is refused and the line change rolled back.
    const second = (await ok('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: product.id }))
      .invoiceItem;
    await ok('PATCH', '/api/invoice/update/item/', { ...change, quantity: 1, sellingPrice: 21_474_834.47 });
    const full = await checksum();
    expect(
      await send('PATCH', '/api/invoice/update/item/', {
        id: second.id,
        invoiceID: invoice.id,
        quantity: 1,
        sellingPrice: 2.01,
      }),
    ).toEqual({
      status: 400,
      json: { message: "The invoice's total would be more than $21,474,836.47, beyond what an amount can hold" },
    });
    expect(await checksum()).toBe(full);
    const summary = await ok('POST', `/api/invoice/summary/${invoice.id}/`);
    expect(summary.invoiceSummary.total).toBe(21_474_836.47);
  });

  it('adding a line (a new one, or a scan merged into one) checks the line and the total too', async () => {
    const dear = await createProduct(t, {
      costPrice: 1,
      sellingPrice: 21_474_836.47,
      suggestedRetailPrice: 21_474_836.47,
    });
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const add = () => send('POST', '/api/invoice/insert/', { invoiceID: invoice.id, productID: dear.id });
    expect((await add()).status).toBe(200);
    const one = await checksum();
    expect(await add()).toEqual({
      status: 400,
      json: { message: "The invoice's total would be more than $21,474,836.47, beyond what an amount can hold" },
    });
    expect(await checksum()).toBe(one);
    await ok('PATCH', '/api/invoice/update/', { id: invoice.id, mergeInvoiceItems: 1 });
    const merged = await checksum();
    expect(await add()).toEqual({
      status: 400,
      json: {
        message:
          "This line's quantity × sellingPrice would be more than $21,474,836.47, beyond what an amount can hold",
        field: 'quantity',
      },
    });
    expect(await checksum()).toBe(merged);
  });

  it('payments past the column, and negative payments, are refused', async () => {
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    const pay = { invoiceID: invoice.id, date: '2026-11-20', paymentType: 'cash' };
    for (const url of ['/api/payment/insert/', '/api/distributorPayment/insert/']) {
      expect((await send('POST', url, { ...pay, amountPaid: -5 })).json).toEqual({
        message: 'amountPaid must be a number ≥ 0',
        field: 'amountPaid',
      });
    }
    const first = (await ok('POST', '/api/payment/insert/', { ...pay, amountPaid: 21_474_836.47 })).payment;
    expect((await send('PATCH', '/api/payment/update/', { id: first.id, amountPaid: -1 })).json).toEqual({
      message: 'amountPaid must be a number ≥ 0',
      field: 'amountPaid',
    });
    const before = await checksum();
    // The balance after it (−$21,474,836.47 − $1) no longer fits: nothing is stored.
    expect(await send('POST', '/api/payment/insert/', { ...pay, amountPaid: 1 })).toEqual({
      status: 400,
      json: {
        message: "The payment's amountDue would be less than -$21,474,836.47, beyond what an amount can hold",
        field: 'amountPaid',
      },
    });
    expect(await checksum()).toBe(before);

    const supplierInvoice = (
      await ok('POST', '/api/distributor/invoices/insert/', {
        date: '2026-11-20',
        distributorID: 1,
        invoiceNo: '990',
        amountPurchase: 1,
      })
    ).distributorInvoice;
    const spay = { ...pay, invoiceID: supplierInvoice.id };
    const paid = (await ok('POST', '/api/distributorPayment/insert/', { ...spay, amountPaid: 21_474_836.47 })).payment;
    expect((await send('PATCH', '/api/distributorPayment/update/', { id: paid.id, amountPaid: -1 })).status).toBe(400);
    const beforeSupplier = await checksum();
    expect(await send('POST', '/api/distributorPayment/insert/', { ...spay, amountPaid: 21_474_836.47 })).toMatchObject(
      {
        status: 400,
        json: { message: expect.stringMatching(/would be (more|less) than/) },
      },
    );
    expect(await checksum()).toBe(beforeSupplier);
  });

  it('currentPage 2^53 − 1 is refused; the last page allowed answers no rows', async () => {
    expect(await send('POST', '/api/invoice/all/', { currentPage: 2 ** 53 - 1 })).toEqual({
      status: 400,
      json: { message: 'currentPage must be a number ≤ 1000000', field: 'currentPage' },
    });
    const last = await ok('POST', '/api/invoice/all/', { currentPage: 1_000_000, resultsPerPage: 100_000 });
    expect(last.invoices).toEqual([]);
    expect(last.currentPage).toBe(1_000_000);
  });

  it.each(sortedLists)('%s refuses prototype keys and unknown columns as sort columns', async (_, call) => {
    for (const column of [...PROTOTYPE_KEYS, 'nope']) {
      const res = await send('POST', listUrl(call), { sortingList: [{ column, order: 'asc' }] });
      expect(res.status, `${call.path} sorted by ${column}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.field).toBe('sortingList');
    }
  });

  it('barcode/all and priceGroup/all/productGroups sort by the column asked for', async () => {
    const labels = async (order: 'asc' | 'desc') =>
      (await ok('POST', '/api/barcode/all/', { sortingList: [{ column: 'id', order }] })).barcodeItems.map(
        (i: { id: number }) => i.id,
      );
    const up = await labels('asc');
    expect(up.length).toBeGreaterThan(1);
    expect(await labels('desc')).toEqual([...up].reverse());
    const groups = async (order: 'asc' | 'desc') =>
      (
        await ok('POST', '/api/priceGroup/all/productGroups/1/', { sortingList: [{ column: 'id', order }] })
      ).productGroups.map((g: { id: number }) => g.id);
    const ids = await groups('asc');
    expect(ids.length).toBeGreaterThan(1);
    expect(await groups('desc')).toEqual([...ids].reverse());
  });

  it('the file routes outside the table of calls answer 4xx to the same values', async () => {
    for (const url of [
      '/images/cheques/%00.jpg',
      '/images/cheques/PAY-%ED%A0%80.jpg',
      '/images/barcodes/%00.png',
      '/images/billers/2147483648',
      '/images/billers/9007199254740993',
      '/files/resaleCertificates/Resale_Certificate_99999999999.jpg',
    ]) {
      const res = await t.call('GET', url, undefined, token());
      expect(res.statusCode, `${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
      expect(Object.keys(res.json())).toContain('message');
    }
  });

  it('an update with nothing to change is a 400', async () => {
    const invoice = (await ok('POST', '/api/invoice/new/invoice/')).invoice;
    for (const url of ['/api/invoice/update/', '/api/user/update/']) {
      expect(await send('PATCH', url, { id: url.includes('user') ? 2 : invoice.id })).toEqual({
        status: 400,
        json: { message: 'body must hold at least one field to change besides id', field: 'body' },
      });
    }
  });
});
