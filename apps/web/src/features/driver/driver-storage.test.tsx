import 'fake-indexeddb/auto';
import { DEFAULT_SETTINGS, type RouteDownload } from '@wd/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { session } from '../../lib/session';
import { groupPriceOf, lookupProduct, searchProducts } from './catalog';
import { draftWriter, driverDb } from './db';
import { morningDownload } from './download';
import { deviceTotals, newLine } from './pricing';
import { finalizeInvoice, syncNow } from './sync';

const party = (id: number, company: string) => ({ id, company, name: '', addressLines: [], phone: '', email: '' });
const stop = (position: number, customerID: number, customer: string, priceGroupID = 1) => ({
  position,
  customerID,
  customer,
  address: '',
  city: '',
  phone: '',
  party: party(customerID, customer),
  openBalance: 0,
  creditLimit: 0,
  priceGroupID,
});
const product = (id: number, name: string, barcode: string, sellingPrice: number) => ({
  id,
  name,
  barcode,
  boxBarcode: '',
  unitQuantity: 1,
  category: '',
  costPrice: 0.5,
  sellingPrice,
  suggestedRetailPrice: 1.99,
});

function download(over: Partial<RouteDownload> = {}): RouteDownload {
  return {
    downloadedAt: '2026-11-26T12:00:00.000Z',
    day: {
      date: '2026-11-26',
      weekday: 4,
      route: { id: 1, name: 'North loop', truck: 'Truck 12' },
      stops: [stop(1, 11, 'Express Mart', 2), stop(2, 12, 'Corner Market')],
    },
    products: [product(1, 'Cola', '012345678905', 1.24), product(2, 'Chips', '012345678912', 0.99)],
    groupPrices: [{ priceGroupID: 2, productID: 1, price: 1.2, suggestedRetailPrice: 1.89 }],
    settings: DEFAULT_SETTINGS,
    biller: { ...party(1, 'My Company'), logo: '' },
    block: {
      id: 7,
      userID: 5,
      user: 'driver.dan',
      deviceID: 'device-0001',
      day: '2026-11-26',
      numbers: [101, 102, 103],
      used: [],
      createdAt: '2026-11-26T12:00:00.000Z',
      releasedAt: null,
    },
    truckStock: [{ productID: 1, quantity: 48 }],
    ...over,
  };
}

async function draftAt(customerID: number, priceGroupID: number) {
  const cola = (await driverDb.products.get(1))!;
  const group = await driverDb.groupPrices.get([priceGroupID, 1]);
  await driverDb.invoices.add({
    localId: `local-${customerID}`,
    userId: 5,
    deviceID: 'device-0001',
    state: 'draft',
    type: 'invoice',
    customerID,
    customer: 'Express Mart',
    priceGroupID,
    date: '2026-11-26',
    number: null,
    lines: [{ ...newLine(cola, priceGroupID, group, false), quantity: 3 }],
    payments: [{ paymentType: 'cash', amount: 2, chequeNo: '' }],
    proof: null,
    printedAt: '2026-11-26T14:00:00.000Z',
    createdAt: '2026-11-26T14:00:00.000Z',
  });
  return `local-${customerID}`;
}

beforeEach(async () => {
  await driverDb.delete();
  await driverDb.open();
  session.set({ id: 5, username: 'driver.dan', email: '', type: 'user', driver: true, token: 'token-1' });
  vi.unstubAllGlobals();
});

describe("the driver's device storage", () => {
  it('prices a line by the stop’s price group and totals it with the contracts’ rules', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    const id = await draftAt(11, 2);
    const inv = (await driverDb.invoices.get(id))!;
    // Express Mart is in group 2, which has Cola at $1.20.
    expect(inv.lines[0]).toMatchObject({ sellingPrice: 1.2, suggestedRetailPrice: 1.89, costPrice: 0.5 });
    expect(deviceTotals(inv.lines, inv.payments)).toMatchObject({ total: 360, paid: 200, balance: 160 });
  });

  it('answers scans from the downloaded catalog, and from the new one after a re-download', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    // As scanned, as EAN-13 with a leading 0 lost or added, by exact name, and by part of a name.
    expect(await lookupProduct('012345678905')).toMatchObject({ product: { id: 1 }, byBox: false });
    expect(await lookupProduct('12345678905')).toMatchObject({ product: { id: 1 } });
    expect(await lookupProduct('0012345678912')).toMatchObject({ product: { id: 2 } });
    expect(await lookupProduct('chips')).toMatchObject({ product: { id: 2 } });
    expect(await lookupProduct('hi')).toEqual({ matches: [expect.objectContaining({ id: 2 })] });
    expect(await lookupProduct('999')).toEqual({ matches: [] });
    expect((await searchProducts('c')).map((p) => p.name)).toEqual(['Chips', 'Cola']);
    expect(await groupPriceOf(2, 1)).toMatchObject({ price: 1.2 });
    expect(await groupPriceOf(1, 1)).toBeUndefined();

    // The office renamed Cola, gave it a box barcode and changed group 2's price; Chips is gone.
    fakeApi({
      'POST /route/download': {
        body: download({
          products: [{ ...product(1, 'Cola Zero', '012345678905', 1.3), boxBarcode: '112345678902', unitQuantity: 12 }],
          groupPrices: [{ priceGroupID: 2, productID: 1, price: 1.25, suggestedRetailPrice: 1.89 }],
        }),
      },
    });
    await morningDownload(() => {});
    expect(await lookupProduct('012345678905')).toMatchObject({ product: { name: 'Cola Zero', sellingPrice: 1.3 } });
    expect(await lookupProduct('112345678902')).toMatchObject({ product: { id: 1 }, byBox: true });
    expect(await lookupProduct('012345678912')).toEqual({ matches: [] });
    expect(await groupPriceOf(2, 1)).toMatchObject({ price: 1.25 });

    // A change in storage from elsewhere (another tab's download) is seen too.
    await driverDb.products.put({ ...product(3, 'Gum', '012345678929', 0.5), nameLower: 'gum' });
    expect(await lookupProduct('gum')).toMatchObject({ product: { id: 3 } });
  });

  it('loses no scan when fifty land at once, and never changes a final invoice', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    const id = await draftAt(11, 2);
    const shown: number[] = [];
    const writer = draftWriter(await driverDb.invoices.get(id), (inv) => shown.push(inv.lines[0].quantity));
    await Promise.all(
      Array.from({ length: 50 }, () =>
        writer.edit((inv) => ({ lines: inv.lines.map((l) => ({ ...l, quantity: l.quantity + 1 })) })),
      ),
    );
    expect((await driverDb.invoices.get(id))?.lines[0].quantity).toBe(53);
    // Each change was stored before it was shown, in order.
    expect(shown).toEqual(Array.from({ length: 50 }, (_, i) => 4 + i));
    await finalizeInvoice(id);
    const final = draftWriter(await driverDb.invoices.get(id), () => {});
    expect(await final.edit(() => ({ lines: [] }))).toBe(false);
    expect((await driverDb.invoices.get(id))?.lines).toHaveLength(1);
  });

  it('a second download keeps the queue, the drafts, the stops done and the numbers taken', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    const id = await draftAt(11, 2);
    expect(await finalizeInvoice(id)).toBe(101);
    await driverDb.invoices.add({
      ...(await driverDb.invoices.get(id))!,
      localId: 'draft-2',
      state: 'draft',
      number: null,
    });

    // The office changed Cola's price; the block has grown.
    fakeApi({
      'POST /route/download': {
        body: download({
          products: [product(1, 'Cola', '012345678905', 1.3)],
          block: { ...download().block, numbers: [101, 102, 103, 104], used: [101] },
        }),
      },
    });
    const steps: number[] = [];
    await morningDownload((fraction) => steps.push(fraction));
    expect(steps.at(-1)).toBe(1);
    expect((await driverDb.products.get(1))?.sellingPrice).toBe(1.3);
    expect(await driverDb.products.get(2)).toBeUndefined();
    expect((await driverDb.stops.get(11))?.state).toBe('done');
    expect(await driverDb.queue.count()).toBe(1);
    expect((await driverDb.invoices.get('draft-2'))?.state).toBe('draft');
    // The final invoice keeps the price it was printed with.
    expect((await driverDb.invoices.get(id))?.lines[0].sellingPrice).toBe(1.2);
    const numbers = await driverDb.numbers.orderBy('number').toArray();
    expect(numbers.map((n) => [n.number, n.usedBy])).toEqual([
      [101, id],
      [102, ''],
      [103, ''],
      [104, ''],
    ]);
  });

  it('sends the queue in order with each item’s own key, keeps a refusal with its reason, and waits on no answer', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    const first = await draftAt(11, 2);
    const second = await draftAt(12, 1);
    await finalizeInvoice(first);
    await finalizeInvoice(second);
    const items = await driverDb.queue.orderBy('seq').toArray();

    // No answer at all: both wait, in order, and keep their keys.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await syncNow();
    expect(offline).toMatchObject({ sent: 0, waiting: 2 });
    expect((await driverDb.queue.orderBy('seq').toArray()).map((i) => i.state)).toEqual(['waiting', 'waiting']);

    const answer = (number: number) => ({
      invoice: {
        id: number,
        invoiceNo: `Invoice/${number}`,
        status: 'DUE',
        total: 3.6,
        amountCredited: 0,
        paid: 2,
        balance: 1.6,
      },
      flags: [],
      replayed: false,
    });
    const { sent } = fakeApi({
      'POST /route/invoice': (request) =>
        (request.body as { number: number }).number === 101
          ? { body: answer(101) }
          : { status: 409, body: { message: 'Invoice number 102 was not reserved for this device' } },
    });
    const round = await syncNow();
    expect(round).toMatchObject({ sent: 1, refused: 1 });
    expect(sent.map((r) => [(r.body as { number: number }).number, r.idempotencyKey])).toEqual([
      [101, items[0].key],
      [102, items[1].key],
    ]);
    expect(sent[0].body).toMatchObject({
      deviceID: 'device-0001',
      customerID: 11,
      totals: { total: 3.6, amountCredited: 0 },
      lines: [{ productID: 1, quantity: 3, sellingPrice: 1.2 }],
      payments: [{ paymentType: 'cash', amount: 2, chequeNo: '' }],
    });
    const after = await driverDb.queue.orderBy('seq').toArray();
    expect(after.map((i) => [i.state, i.lastError])).toEqual([
      ['sent', ''],
      ['refused', 'Invoice number 102 was not reserved for this device'],
    ]);
    expect(after[0].answer?.invoice.invoiceNo).toBe('Invoice/101');
  });

  it('waits, never refuses, when the server says the same request is still being carried out (409 with Retry-After)', async () => {
    fakeApi({ 'POST /route/download': { body: download() } });
    await morningDownload(() => {});
    await finalizeInvoice(await draftAt(11, 2));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'This request is still being carried out' }), {
            status: 409,
            headers: { 'content-type': 'application/json', 'retry-after': '1' },
          }),
      ),
    );
    expect(await syncNow()).toMatchObject({ sent: 0, refused: 0, waiting: 1 });
    const [item] = await driverDb.queue.toArray();
    expect(item).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'This request is still being carried out' });
  });
});
