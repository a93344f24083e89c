import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiToken, createProduct, signIn, uniqueName } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/print-shots';

type Headers = { Token: string };

/** A biller with an address, a phone and a logo (a picture of its name), so the print head has everything. */
async function billerWithLogo(page: Page, request: APIRequestContext, headers: Headers, company: string) {
  const created = await request.post('/api/supplier/new/', {
    headers,
    data: {
      company,
      name: 'Ann Hale',
      address: '12 Depot St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      phone: '512-555-0110',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const biller = (await created.json()).biller as { id: number };
  await page.setContent(
    '<div id="logo" style="display:inline-block;padding:8px 16px;background:#123e7a;color:#fff;font:700 28px Arial">ACME</div>',
  );
  const png = await page.locator('#logo').screenshot();
  const logo = await request.post(`/api/supplier/logo/${biller.id}/`, {
    headers,
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: png } },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  return biller;
}

/**
 * A submitted invoice: a customer (with or without e-mail), lines as
 * [product index, quantity, damaged?] (a product twice in a row makes a
 * consignment group), notes and the flags.
 */
async function invoiceFixture(
  request: APIRequestContext,
  headers: Headers,
  o: {
    type: 'invoice' | 'consignment';
    billerID: number;
    email: string;
    company?: string;
    products: { id: number }[];
    lines: [number, number, boolean?][];
  },
) {
  const company = o.company ?? uniqueName('Quick Stop');
  const customer = (
    await (
      await request.post('/api/customer/new/', {
        headers,
        data: {
          company,
          name: 'Sam Lee',
          address: '9 Elm Rd',
          city: 'Dallas',
          state: 'TX',
          postalCode: '75201',
          phone: '214-555-0199',
          email: o.email,
        },
      })
    ).json()
  ).customer as { id: number; company: string };
  const invoice = (await (await request.post(`/api/invoice/new/${o.type}/`, { headers })).json()).invoice as {
    id: number;
    invoiceNo: string;
  };
  const header = await request.patch('/api/invoice/update/', {
    headers,
    data: {
      id: invoice.id,
      customerID: customer.id,
      billerID: o.billerID,
      notes: 'Thank you!\nDeliveries on Tuesdays.',
      showDamagedGoods: 1,
    },
  });
  expect(header.status(), await header.text()).toBe(200);
  for (const [index, quantity, damagedGood] of o.lines) {
    const added = await request.post('/api/invoice/insert/', {
      headers,
      data: { invoiceID: invoice.id, productID: o.products[index].id },
    });
    expect(added.status(), await added.text()).toBe(200);
    const line = (await added.json()).invoiceItem as { id: number };
    if (quantity !== 1 || damagedGood) {
      const changed = await request.patch('/api/invoice/update/item/', {
        headers,
        data: { id: line.id, invoiceID: invoice.id, quantity, damagedGood: damagedGood ?? false },
      });
      expect(changed.status(), await changed.text()).toBe(200);
    }
  }
  await request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, status: 'DUE' } });
  return { invoice, customer, number: invoice.invoiceNo.replace('Invoice/', '') };
}

async function products(request: APIRequestContext, token: string, tag: string, n: number) {
  const list = [];
  for (let i = 0; i < n; i++) {
    list.push(
      await createProduct(request, token, {
        name: `${tag} item ${i + 1}`,
        sellingPrice: 1.25 + i,
        suggestedRetailPrice: 1.99 + i,
      }),
    );
  }
  return list;
}

/** window.print is counted instead of opening the dialogue. */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

test.beforeEach(async ({ page }) => {
  await stubPrint(page);
});

test('print view of an invoice with a return line: head, To:, lines, footer, notes, the dialog, print CSS', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Print');
  const biller = await billerWithLogo(page, request, headers, `${tag} Wholesale`);
  const items = await products(request, token, tag, 3);
  const { invoice, customer, number } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: biller.id,
    email: 'store@quickstop.test',
    products: items,
    lines: [
      [0, 3],
      [1, 2],
      [2, -1, true],
    ],
  });

  await signIn(page);
  await page.goto(`/invoices/print/${invoice.id}`);
  const sheet = page.getByTestId('invoice-sheet');
  await expect(sheet.getByTestId('document-number')).toHaveText(number);
  await expect.poll(() => printed(page)).toBe(1);
  // No menu or top bar.
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const head = sheet.getByTestId('document-head');
  await expect(head).toContainText(`${tag} Wholesale`);
  await expect(head).toContainText('12 Depot St');
  await expect(head).toContainText('512-555-0110');
  await expect(head.getByRole('img', { name: `${tag} Wholesale logo` })).toHaveJSProperty('complete', true);
  expect(await head.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const to = sheet.getByTestId('document-to');
  await expect(to).toContainText('To:');
  await expect(to).toContainText(customer.company);
  await expect(to).toContainText('9 Elm Rd');
  const lines = sheet.getByTestId('document-line');
  await expect(lines).toHaveCount(3);
  // 3 × 1.25 + 2 × 2.25 = 8.25; the return: −1 × 3.25.
  await expect(lines.nth(2)).toContainText(`${tag} item 3 (Damaged)`);
  await expect(lines.nth(2)).toContainText('-$3.25');
  const footer = sheet.getByTestId('document-footer');
  await expect(footer).toContainText('Total Amount$8.25');
  await expect(footer).toContainText('Total Credit$3.25');
  await expect(footer).toContainText('Total Balance$5.00');
  await expect(footer).not.toContainText('Redeemed');
  await expect(sheet.getByTestId('document-notes')).toContainText('Notes For Customer');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Do you want to print the invoice?');
  await page.screenshot({ path: `${SHOTS}/print-invoice.png`, fullPage: true });

  // The dialog's Print prints again; the dialog and notifications are not part of the paper.
  await dialog.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => printed(page)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(dialog).toBeHidden();
  expect(await sheet.locator('thead').evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
  expect(await lines.first().evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
  await page.screenshot({ path: `${SHOTS}/print-invoice-media-print.png`, fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, path: `${SHOTS}/print-invoice.pdf` });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });

  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('print and thermal views of a biller 1 consignment invoice: the banner, group subtotal rows, the banner on the strip too', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Consign');
  const items = await products(request, token, tag, 2);
  const { invoice, number } = await invoiceFixture(request, headers, {
    type: 'consignment',
    billerID: 1,
    email: 'store@quickstop.test',
    products: items,
    lines: [
      [0, 4],
      [0, -1],
      [1, 2],
    ],
  });

  await signIn(page);
  await page.goto(`/invoices/print/${invoice.id}`);
  const sheet = page.getByTestId('invoice-sheet');
  await expect(sheet.getByTestId('document-number')).toHaveText(number);
  await expect(sheet.getByRole('img', { name: 'CONSIGNMENT' })).toBeVisible();
  const groups = sheet.getByTestId('document-group-row');
  await expect(groups).toHaveCount(2);
  // 4 − 1 of item 1 at $1.25.
  await expect(groups.first()).toContainText('3');
  await expect(groups.first()).toContainText('$3.75');
  await expect.poll(() => printed(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/print-consignment.png`, fullPage: true });

  await page.goto(`/invoices/thermalPrint/${invoice.id}`);
  const strip = page.getByTestId('thermal-strip');
  await expect(strip.getByTestId('document-number')).toHaveText(number);
  await expect(strip.getByRole('img', { name: 'CONSIGNMENT' })).toBeVisible();
  await expect(strip.getByTestId('document-group-row')).toHaveCount(2);
  await expect(strip.getByTestId('total-quantity')).toHaveText('5');
  await expect.poll(() => printed(page)).toBe(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/thermal-consignment.png`, fullPage: true });
});

test('thermal strip: barcode images and SRP per line, total quantity, and 60 lines print as one continuous page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Strip');
  const biller = await billerWithLogo(page, request, headers, `${tag} Wholesale`);
  const items = await products(request, token, tag, 3);
  const lines: [number, number, boolean?][] = Array.from({ length: 60 }, (_, i) => [
    i % 3,
    i === 59 ? -1 : 1,
    i === 59,
  ]);
  const { invoice } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: biller.id,
    email: 'store@quickstop.test',
    products: items,
    lines,
  });

  await signIn(page);
  await page.goto(`/invoices/thermalPrint/${invoice.id}`);
  const strip = page.getByTestId('thermal-strip');
  await expect(strip.getByTestId('document-line')).toHaveCount(60);
  await expect.poll(() => printed(page)).toBe(1);
  await expect(page.getByTestId('user-name')).toHaveCount(0);
  await expect(strip.getByTestId('document-head')).toContainText(`${tag} Wholesale`);
  await expect(strip.getByRole('columnheader')).toHaveText(['No', 'Qty', 'Description', 'Unit Price', 'Subtotal']);
  const first = strip.getByTestId('document-line').first();
  await expect(first).toContainText('SRP $1.99');
  const barcode = first.getByRole('img', { name: items[0].barcode });
  expect(await barcode.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // 20 + 20 + 19 sold, 1 returned.
  await expect(strip.getByTestId('total-quantity')).toHaveText('58');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/thermal-60.png` });

  // 80 mm wide; one page as long as the strip (no page breaks on the roll).
  expect(await strip.evaluate((el) => el.getBoundingClientRect().width)).toBeCloseTo((80 * 96) / 25.4, 0);
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, path: `${SHOTS}/thermal-60.pdf` });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
  expect(pages).toHaveLength(1);
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf.toString('latin1'));
  expect(Number(box?.[1])).toBeCloseTo((80 / 25.4) * 72, 0);
  expect(Number(box?.[2])).toBeGreaterThan(1000);
});

test('an unknown invoice: the print view says so and offers Back', async ({ page }) => {
  await signIn(page);
  await page.goto('/invoices/print/987654');
  await expect(page.getByTestId('print-error')).toBeVisible();
  expect(await printed(page)).toBe(0);
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test('the list downloads both EDI files and e-mails the PDF', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Edi');
  const items = await products(request, token, tag, 2);
  const { invoice, customer, number } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: 'edi@quickstop.test',
    products: items,
    lines: [
      [0, 2],
      [1, 1],
    ],
  });

  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(customer.company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  const download = async (label: string) => {
    await row.getByRole('button', { name: 'More actions' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: label }).click(),
    ]);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    return { name: file.suggestedFilename(), text: (await readFile(path)).toString('latin1') };
  };
  const csv = await download('EDI MS');
  expect(csv.name).toContain(number);
  expect(csv.text.startsWith('InvoiceNo,')).toBe(true);
  const x12 = await download('EDI C');
  expect(x12.name).toContain(number);
  expect(x12.text.startsWith('ISA*')).toBe(true);

  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Email Invoice' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /was sent to edi@quickstop\.test|edi@quickstop\.test waits in the outbox/ }),
  ).toBeVisible();
});

test('e-mail selected invoices: a progress bar, then a result per invoice', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Bulk');
  const items = await products(request, token, tag, 1);
  const withMail = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: 'bulk@quickstop.test',
    company: `${tag} Market`,
    products: items,
    lines: [[0, 1]],
  });
  const noMail = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: '',
    company: `${tag} Corner`,
    products: items,
    lines: [[0, 2]],
  });

  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(tag)}`);
  await expect(page.getByText('Showing 2 of 2 results')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all rows' }).check();
  await page.getByRole('button', { name: /E-mail selected/ }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail invoices' });
  await expect(dialog.getByTestId('bulk-email-progress-text')).toHaveText('Done: 2 invoices');
  const results = dialog.getByTestId('bulk-email-result');
  await expect(results).toHaveCount(2);
  await expect(results.filter({ hasText: withMail.invoice.invoiceNo })).toContainText(/Sent|Queued/);
  await expect(results.filter({ hasText: noMail.invoice.invoiceNo })).toContainText('has no e-mail address');
  await page.screenshot({ path: `${SHOTS}/bulk-email.png` });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the invoice detail: Print, EDI and Email dropdowns', async ({ page, request }) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Detail');
  const items = await products(request, token, tag, 1);
  const { invoice, number } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: 'detail@quickstop.test',
    products: items,
    lines: [[0, 1]],
  });
  await signIn(page);
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole('button', { name: 'EDI' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'EDI C' }).click(),
  ]);
  expect(file.suggestedFilename()).toContain(number);
  // Email → PDF says what happened, and the detail then shows when and to whom it went.
  await page.getByRole('button', { name: 'Email' }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'detail@quickstop.test' })).toBeVisible();
  await expect(page.getByTestId('last-sent')).toHaveText(
    /^Last sent to detail@quickstop\.test on \d{2}-\d{2}-\d{4} \d{1,2}:\d{2} [AP]M \((queued|sent)\)$/,
  );
  // /invoices/emailPDF/{id} sends at once and goes back one page (here a page load of its own, so the
  // notice goes with it: the second message is read from the server).
  await page.goto(`/invoices/emailPDF/${invoice.id}`);
  await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
  const sent = await (await request.get(`/api/invoice/sent/${invoice.id}/`, { headers })).json();
  expect(sent.outboxMessages.map((m: { to: string }) => m.to)).toEqual([
    'detail@quickstop.test',
    'detail@quickstop.test',
  ]);

  await page.getByRole('button', { name: 'Print' }).click();
  await page.getByRole('menuitem', { name: 'Thermal' }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/thermalPrint/${invoice.id}$`));
  await expect(page.getByTestId('thermal-strip')).toBeVisible();
  // Biller 1, not consignment: no biller block on the strip.
  await expect(page.getByTestId('document-number')).toHaveText(number);
  await expect(page.getByTestId('document-head')).toHaveCount(0);
});
