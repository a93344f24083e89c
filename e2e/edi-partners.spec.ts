import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { invoiceFixture, products } from './invoice-documents.fixtures';
import { apiToken, signIn, uniqueName } from './support';

/** The store's EDI id set on the customer screen reaches the X12 file its invoices download as. */
test("a customer's EDI id: refused on its field until it is a DUNS number, then in the invoice's X12 file", async ({
  page,
  request,
}) => {
  // A customer saved twice, an invoice built and its X12 file read: over 30 s on 2 busy cores.
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const tag = uniqueName('Partner');
  const items = await products(request, token, tag, 1);
  const { invoice, customer } = await invoiceFixture(
    request,
    { Token: token },
    {
      type: 'invoice',
      billerID: 2,
      email: 'edi@partner.test',
      products: items,
      lines: [[0, 4]],
    },
  );

  await signIn(page);
  await page.goto(`/customers/edit/${customer.id}`);
  const id = page.getByLabel('EDI id (the store number in EDI files)');
  await expect(id).toHaveValue('');
  await expect(page.getByText(`For EDI files; empty uses ${String(customer.id).padStart(6, '0')}`)).toBeVisible();
  await page.getByRole('combobox', { name: 'EDI id qualifier' }).click();
  await page.getByRole('option', { name: 'DUNS number (01)' }).click();
  await id.fill('12345678');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('must be 9 digits for a DUNS number (01)')).toBeVisible();
  await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
  await page.screenshot({ path: test.info().outputPath('customer-edi-id.png'), fullPage: true });
  await id.fill('123456789');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/customers$/);

  // The invoice's EDI C download, from the list as a clerk takes it.
  await page.goto(`/invoices?q=${encodeURIComponent(customer.company)}`);
  const row = page.getByRole('row').filter({ hasText: invoice.invoiceNo });
  await row.getByRole('button', { name: 'More actions' }).click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'EDI C' }).click(),
  ]);
  const x12 = (await readFile(await file.path())).toString('latin1');
  // ISA07/ISA08 and N103/N104: DUNS is 01 in the envelope and 1 in N1 (X12 element 66).
  expect(x12.slice(0, 106)).toContain('*01*123456789      *');
  expect(x12).toMatch(/~N1\*ST\*[^~]+\*1\*123456789~/);
  expect(x12).toMatch(/~GS\*IN\*000002\*123456789\*/);
});
