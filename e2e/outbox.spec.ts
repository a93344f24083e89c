import { type APIRequestContext, expect, test } from '@playwright/test';
import { openFromMenu } from './menu';
import { apiToken, createProduct, signIn, uniqueName } from './support';

/**
 * A submitted invoice of a customer with an e-mail address. The e2e mail
 * server (e2e/smtp-sink.ts) answers @later.test with a temporary refusal, so
 * such a message waits in the outbox; it delivers every other address.
 */
async function submittedInvoice(request: APIRequestContext, domain: string) {
  const headers = { Token: await apiToken(request) };
  const email = `${uniqueName('store')}@${domain}`.toLowerCase();
  const customer = await request.post('/api/customer/new/', {
    headers,
    data: { company: uniqueName('Quick Stop'), name: 'Sam Lee', email },
  });
  expect(customer.status(), await customer.text()).toBe(200);
  const product = await createProduct(request, headers.Token, { name: uniqueName('Cola') });
  const invoice = (await (await request.post('/api/invoice/new/invoice/', { headers })).json()).invoice;
  const set = (data: object) => request.patch('/api/invoice/update/', { headers, data: { id: invoice.id, ...data } });
  expect((await set({ customerID: (await customer.json()).customer.id })).status()).toBe(200);
  const line = await request.post('/api/invoice/insert/', {
    headers,
    data: { invoiceID: invoice.id, productID: product.id },
  });
  expect(line.status(), await line.text()).toBe(200);
  expect((await set({ status: 'DUE' })).status()).toBe(200);
  return { email, invoiceNo: invoice.invoiceNo as string, headers, id: invoice.id as number };
}

async function emailedInvoice(request: APIRequestContext) {
  const invoice = await submittedInvoice(request, 'later.test');
  const sent = await request.post(`/api/invoice/send/${invoice.id}/`, { headers: invoice.headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { ...invoice, answer: await sent.json() };
}

test('an invoice e-mailed from the list arrives, and the outbox shows it as sent', async ({ page, request }) => {
  const { email, invoiceNo } = await submittedInvoice(request, 'quickstop.test');
  await signIn(page);
  await page.goto(`/invoices?q=${encodeURIComponent(invoiceNo)}`);
  const row = page.getByRole('row').filter({ hasText: invoiceNo });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Email Invoice' }).click();
  await page
    .getByRole('dialog', { name: /^E-mail invoice/ })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: `The invoice was sent to ${email}` })).toBeVisible();

  await page.goto('/outbox?status=sent');
  await page.getByPlaceholder('To, subject, invoice or error').fill(email);
  const message = page.getByRole('row').filter({ hasText: email });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText('sent');
  await expect(message).toContainText(invoiceNo);
  await expect(message.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('the outbox lists a queued message with its error, and Retry tells what happened', async ({ page, request }) => {
  const { email, invoiceNo, answer } = await emailedInvoice(request);
  expect(answer.outboxMessage.status).toBe('queued');

  await signIn(page);
  await openFromMenu(page, 'Outbox', 'Outbox');
  await expect(page).toHaveURL(/\/outbox$/);
  // The list first: a filter clicked while the screen is still settling may not open.
  await expect(page.getByText(/Showing \d+ of [\d,]+ results/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Queued' }).click();
  await expect(page).toHaveURL(/status=queued/);
  await page.getByPlaceholder('To, subject, invoice or error').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(invoiceNo);
  await expect(row).toContainText(`Invoice ${invoiceNo.replace('Invoice/', '')}`);
  await expect(row).toContainText('queued');
  await expect(row).toContainText('Mailbox busy, try again later');
  await page.screenshot({ path: `${process.env.SHOTS_DIR ?? '/tmp/pw-mail'}/outbox.png`, fullPage: true });

  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByText(
      `The mail server could not be reached; the message to ${email} waits in the outbox and will be retried`,
    ),
  ).toBeVisible();
});

test('the outbox is for admins only: the API refuses a user', async ({ request }) => {
  const token = await apiToken(request);
  const name = uniqueName('clerk');
  await request.post('/api/user/signUp/', {
    headers: { Token: token },
    data: { username: name, email: `${name}@example.com`, password: 'password-123', type: 'user' },
  });
  const userToken = await apiToken(request, name, 'password-123');
  const res = await request.post('/api/outbox/all/', { headers: { Token: userToken }, data: {} });
  expect(res.status()).toBe(403);
});
