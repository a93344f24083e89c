import { expect, test } from '@playwright/test';
import { invoiceFixture, products, SHOTS, stubPrint } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

test.beforeEach(async ({ page }) => {
  await stubPrint(page);
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
  // The compose step: the customer's address, the subject from the template, the PDF by name.
  const compose = page.getByRole('dialog', { name: `E-mail invoice · ${invoice.invoiceNo}` });
  await expect(compose.getByLabel('To')).toHaveValue('edi@quickstop.test');
  // It opens on the address (not on ×) once the draft is there; its title bar is no banner landmark.
  await expect(compose.getByLabel('To')).toBeFocused();
  expect(await compose.ariaSnapshot()).not.toMatch(/- banner\b/);
  await expect(compose.getByLabel('Subject')).toHaveValue(new RegExp(`^Invoice ${number} from `));
  await expect(compose.getByTestId('email-attachments')).toHaveText(`${number}.pdf`);
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
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
  // First the template every e-mail is written from: the Settings' subject, a copy to the office.
  await expect(dialog.getByLabel('Subject')).toHaveValue('{document} {invoice} from {biller}');
  // It opens on Send, the template being filled in (not on the ×).
  await expect(dialog.getByRole('button', { name: 'Send 2 e-mails' })).toBeFocused();
  await dialog.getByLabel('Cc (every e-mail)').fill('office@wholesale.test,');
  await dialog.getByRole('button', { name: 'Send 2 e-mails' }).click();
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
  await page.getByRole('dialog', { name: 'E-mail invoice' }).getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'detail@quickstop.test' })).toBeVisible();
  await expect(page.getByTestId('last-sent')).toHaveText(
    /^Last sent to detail@quickstop\.test on \d{2}-\d{2}-\d{4} \d{1,2}:\d{2} [AP]M \((queued|sent)\)$/,
  );
  // /invoices/emailPDF/{id} opens the compose step on To (the address filled in), where Enter sends;
  // sent, it goes back one page (here a page load of its own, so the notice goes with it: the second
  // message is read from the server).
  await page.goto(`/invoices/emailPDF/${invoice.id}`);
  const to = page.getByRole('dialog', { name: 'E-mail invoice' }).getByLabel('To');
  await expect(to).toHaveValue('detail@quickstop.test');
  await expect(to).toBeFocused();
  await page.keyboard.press('Enter');
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

test('the compose step: a customer without an address gets a typed one, with a copy and an edited subject', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const headers = { Token: token };
  const tag = uniqueName('Compose');
  const items = await products(request, token, tag, 1);
  const { invoice, customer, number } = await invoiceFixture(request, headers, {
    type: 'invoice',
    billerID: 1,
    email: '',
    products: items,
    lines: [[0, 3]],
  });
  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(customer.company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Email EDI' }).click();
  const compose = page.getByRole('dialog', { name: `E-mail EDI files · ${invoice.invoiceNo}` });
  await expect(compose.getByRole('status')).toContainText('this customer has no e-mail address');
  await expect(compose.getByLabel('To')).toBeFocused();
  await expect(compose.getByText('From Wholesale Desk <desk@wholesale.test>')).toBeVisible();
  await expect(compose.getByTestId('email-attachments')).toHaveText(
    `Invoice_${number}_EDI_MS.csv, Invoice_${number}_EDI_C.x12`,
  );
  // Send with no address: said on the field, nothing sent.
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose.getByText('Type the address to send it to', { exact: true })).toBeVisible();
  await compose.getByLabel('To').fill('owner@corner.test');
  await compose.getByLabel('Cc').fill('books@corner.test');
  await compose.getByLabel('Cc').press('Enter');
  await compose.getByLabel('Subject').fill('Your EDI files for {invoice}');
  await page.screenshot({ path: test.info().outputPath('compose.png') });
  await compose.getByRole('button', { name: 'Send' }).click();
  await expect(compose).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'owner@corner.test' })).toBeVisible();
  const sent = await (await request.get(`/api/invoice/sent/${invoice.id}/`, { headers })).json();
  expect(sent.outboxMessages[0]).toMatchObject({
    to: 'owner@corner.test',
    cc: 'books@corner.test',
    subject: `Your EDI files for ${number}`,
    attachments: [`Invoice_${number}_EDI_MS.csv`, `Invoice_${number}_EDI_C.x12`],
  });
});
