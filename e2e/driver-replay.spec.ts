import { expect, type Route, test } from '@playwright/test';
import {
  blocksOf,
  dollars,
  goOffline,
  invoiceByNumber,
  openDay,
  PHONE,
  payKinds,
  paymentsOf,
  progressOf,
  readQueue,
  resetQueue,
  type StoredItem,
  sell,
  setUpRoute,
} from './driver-support';

test.use(PHONE);

/*
 * Route mode when things go wrong, part two: a connection cut half-way through a sync, and the
 * same queue sent twice. Each invoice is stored once, with its payments once.
 */

test('a connection cut half-way through a sync: the invoice whose answer was lost is stored once, payments once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const { admin, name, stores, cola, chips, gum } = await setUpRoute(request);
  await openDay(page, name);
  await goOffline(page);

  // Three finished invoices, each with its own payments.
  const sold = [
    // 2 × 1.24 = 2.48, paid cash in full
    await sell(page, 1, [[cola, 2]], [{ type: 'Cash' }], '$2.48'),
    // 3 × 0.99 + 2 × 0.50 = 3.97: $1 cash and a $2 cheque
    await sell(
      page,
      2,
      [
        [chips, 3],
        [gum, 2],
      ],
      [
        { type: 'Cash', amount: 1 },
        { type: 'Cheque', amount: 2, chequeNo: '2001' },
      ],
      '$3.97',
    ),
    // 1 × 1.24 + 1 × 0.99 = 2.23: a $2.23 money order
    await sell(
      page,
      3,
      [
        [cola, 1],
        [chips, 1],
      ],
      [{ type: 'Money order' }],
      '$2.23',
    ),
  ];
  const expectedPayments: [string, number][][] = [
    [['cash', 2.48]],
    [
      ['cash', 1],
      ['cheque', 2],
    ],
    [['moneyOrder', 2.23]],
  ];
  await page.getByRole('link', { name: /waiting to be sent/ }).click();
  await expect(page.getByText('3 waiting to be sent')).toBeVisible();
  // Let the offline rounds (started by each Finish) end before the connection comes back.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not sent yet' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('3 waiting to be sent')).toBeVisible();

  // Once the connection is whole again, what the server answers is watched (registered first,
  // this handler runs only when the cutting one below is gone: no request slips between them).
  const answers: { key: string; number: number; replayedHeader: string | undefined; replayed: boolean; id: number }[] =
    [];
  await page.route('**/api/route/invoice/', async (route: Route) => {
    const req = route.request();
    const response = await route.fetch();
    const body = await response.json();
    answers.push({
      key: req.headers()['idempotency-key'],
      number: req.postDataJSON().number,
      replayedHeader: response.headers()['idempotent-replayed'],
      replayed: body.replayed,
      id: body.invoice?.id,
    });
    await route.fulfill({ response });
  });
  // The first request goes through; the second reaches the server but its answer is lost;
  // every later one is cut before the server sees it.
  const requests: { key: string; number: number; fate: 'answered' | 'answer lost' | 'cut'; status?: number }[] = [];
  const cutting = async (route: Route) => {
    const req = route.request();
    const seen = { key: req.headers()['idempotency-key'], number: req.postDataJSON().number as number };
    if (requests.length === 0) {
      const response = await route.fetch();
      requests.push({ ...seen, fate: 'answered', status: response.status() });
      await route.fulfill({ response });
    } else if (requests.length === 1) {
      const response = await route.fetch();
      requests.push({ ...seen, fate: 'answer lost', status: response.status() });
      await route.abort('connectionreset');
    } else {
      requests.push({ ...seen, fate: 'cut' });
      await route.abort('connectionreset');
    }
  };
  await page.route('**/api/route/invoice/', cutting);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sync now' }).click();
  // The second invoice is sent once and tried twice more with the same key (WRITE_RETRIES).
  await expect.poll(() => requests.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  const items = page.getByTestId('queue-item');
  await expect(items.filter({ hasText: 'Sent' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Waiting' })).toHaveCount(2);
  await expect(page.getByText('2 waiting to be sent')).toBeVisible();
  await expect(items.filter({ hasText: `Invoice/${sold[0].number} ·` })).toContainText('Sent');
  await expect(items.filter({ hasText: `Invoice/${sold[0].number} ·` })).toContainText(
    'Stored: total $2.48, balance $0.00',
  );
  const lost = items.filter({ hasText: `Invoice/${sold[1].number} ·` });
  await expect(lost).toContainText('Waiting');
  await expect(lost).toContainText('Last try: The server could not be reached. Check the connection and try again.');
  await expect(items.filter({ hasText: `Invoice/${sold[2].number} ·` })).toContainText('Waiting');

  const [first, second, ...cut] = requests;
  expect(first).toMatchObject({ number: sold[0].number, fate: 'answered', status: 200 });
  expect(second).toMatchObject({ number: sold[1].number, fate: 'answer lost', status: 200 });
  // The retries of the lost one carry its own key (the third invoice never went out).
  expect(cut.slice(0, 2)).toEqual([
    { key: second.key, number: sold[1].number, fate: 'cut' },
    { key: second.key, number: sold[1].number, fate: 'cut' },
  ]);
  // The server already holds the second invoice (stored, answer lost), but not the third.
  await invoiceByNumber(request, admin, sold[1].number);
  const before = await blocksOf(request, admin, name);
  expect(before.flatMap((b) => b.used).sort()).toEqual([sold[0].number, sold[1].number].sort());

  // The connection back (the watching handler stays), and sync again.
  expect(answers).toEqual([]);
  await page.unroute('**/api/route/invoice/', cutting);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
  await expect(items.filter({ hasText: 'Sent' })).toHaveCount(3);
  await expect(items.filter({ hasText: `Invoice/${sold[1].number} ·` })).toContainText(
    'Stored: total $3.97, balance $0.97',
  );
  await expect(items.filter({ hasText: `Invoice/${sold[2].number} ·` })).toContainText(
    'Stored: total $2.23, balance $0.00',
  );
  // The lost one went again with its key and got the stored answer; the third was new.
  expect(answers.map((x) => [x.number, x.key, x.replayedHeader])).toEqual([
    [sold[1].number, second.key, 'true'],
    [sold[2].number, answers[1]?.key, undefined],
  ]);
  // How often the server saw each invoice: the lost one twice (once carried out, once replayed).
  const serverSaw = new Map<number, number>();
  for (const r of [...requests.filter((x) => x.fate !== 'cut'), ...answers]) {
    serverSaw.set(r.number, (serverSaw.get(r.number) ?? 0) + 1);
  }
  expect(sold.map((s) => serverSaw.get(s.number))).toEqual([1, 2, 1]);

  // Exactly three invoices for this driver, one per number, each with exactly its payments.
  expect(await progressOf(request, admin, name)).toMatchObject({ invoices: 3, done: 3 });
  const blocks = await blocksOf(request, admin, name);
  expect(blocks.flatMap((b) => b.used).sort()).toEqual(sold.map((s) => s.number).sort());
  for (const [i, s] of sold.entries()) {
    const invoice = await invoiceByNumber(request, admin, s.number);
    expect(invoice.customer).toBe(stores[i].company);
    expect(invoice.total - invoice.amountCredited).toBe(dollars(s.total));
    const payments = await paymentsOf(request, admin, invoice.id);
    expect(payKinds(payments)).toEqual(expectedPayments[i]);
  }
});

test('the same queue sent twice: every item ends Sent again with the stored answer, nothing is stored twice', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, name, cola, chips } = await setUpRoute(request);
  await openDay(page, name);
  await goOffline(page);
  const sold = [
    // 4 × 1.24 = 4.96, paid cash in full
    await sell(page, 1, [[cola, 4]], [{ type: 'Cash' }], '$4.96'),
    // 3 × 0.99 = 2.97: a $1.50 cheque
    await sell(page, 2, [[chips, 3]], [{ type: 'Cheque', amount: 1.5, chequeNo: '77' }], '$2.97'),
  ];
  await page.getByRole('link', { name: /waiting to be sent/ }).click();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByText('Nothing waits to be sent.')).toBeVisible({ timeout: 20_000 });
  const items = page.getByTestId('queue-item');
  await expect(items.filter({ hasText: 'Sent' })).toHaveCount(2);
  const storedLines = items.getByText(/^Stored: /);
  await expect(storedLines).toHaveText(['Stored: total $2.97, balance $1.47', 'Stored: total $4.96, balance $0.00']);

  const firstQueue = await readQueue(page);
  expect(firstQueue.map((q) => q.state)).toEqual(['sent', 'sent']);
  const invoices: { invoice: Awaited<ReturnType<typeof invoiceByNumber>>; payments: [string, number][] }[] = [];
  for (const s of sold) {
    const invoice = await invoiceByNumber(request, admin, s.number);
    invoices.push({ invoice, payments: payKinds(await paymentsOf(request, admin, invoice.id)) });
  }
  expect(invoices.map((x) => x.payments)).toEqual([[['cash', 4.96]], [['cheque', 1.5]]]);

  // Every answer the server gives from here on.
  const answers: {
    key: string;
    number: number;
    status: number;
    replayedHeader?: string;
    body: StoredItem['answer'];
  }[] = [];
  await page.route('**/api/route/invoice/', async (route: Route) => {
    const req = route.request();
    const response = await route.fetch();
    answers.push({
      key: req.headers()['idempotency-key'],
      number: req.postDataJSON().number,
      status: response.status(),
      replayedHeader: response.headers()['idempotent-replayed'],
      body: await response.json(),
    });
    await route.fulfill({ response });
  });

  // 1. The same items, same keys, back to waiting.
  expect(await resetQueue(page, false)).toBe(2);
  expect((await readQueue(page)).map((q) => q.state)).toEqual(['waiting', 'waiting']);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect
    .poll(async () => (await readQueue(page)).map((q) => q.state), { timeout: 20_000 })
    .toEqual(['sent', 'sent']);
  await expect(page.getByText('Nothing waits to be sent.')).toBeVisible();
  await expect(items.filter({ hasText: 'Sent' })).toHaveCount(2);
  await expect(storedLines).toHaveText(['Stored: total $2.97, balance $1.47', 'Stored: total $4.96, balance $0.00']);
  // The idempotency layer answered each from its first answer (the same body, byte for byte).
  expect(answers.map((x) => [x.number, x.key, x.status, x.replayedHeader])).toEqual(
    firstQueue.map((q, i) => [sold[i].number, q.key, 200, 'true']),
  );
  expect(answers.map((x) => x.body)).toEqual(firstQueue.map((q) => q.answer));

  // 2. The same invoices under new keys (a device that lost its keys): the invoice number alone
  //    makes it exactly-once, and the server says it replayed.
  answers.length = 0;
  expect(await resetQueue(page, true)).toBe(2);
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect
    .poll(async () => (await readQueue(page)).map((q) => q.state), { timeout: 20_000 })
    .toEqual(['sent', 'sent']);
  await expect(storedLines).toHaveText(['Stored: total $2.97, balance $1.47', 'Stored: total $4.96, balance $0.00']);
  expect(answers.map((x) => [x.number, x.status, x.replayedHeader, x.body?.replayed, x.body?.invoice.id])).toEqual(
    sold.map((s, i) => [s.number, 200, undefined, true, invoices[i].invoice.id]),
  );

  // The server still holds one invoice per number, with the same payments.
  for (const [i, s] of sold.entries()) {
    const invoice = await invoiceByNumber(request, admin, s.number);
    expect(invoice).toEqual(invoices[i].invoice);
    expect(payKinds(await paymentsOf(request, admin, invoice.id))).toEqual(invoices[i].payments);
  }
  expect(await progressOf(request, admin, name)).toMatchObject({
    invoices: 2,
    sold: 7.93,
    collected: 6.46,
  });
});
