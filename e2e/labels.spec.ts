import { expect, test } from '@playwright/test';
import { apiToken, createProduct, createUser, signIn, uniqueName } from './support';

test('a two-line name keeps every line of all 114 labels inside its cell', async ({ page, request }) => {
  const username = uniqueName('labels');
  await createUser(request, username, 'labels-password');
  const token = await apiToken(request, username, 'labels-password');
  const product = await createProduct(request, token, {
    name: 'Doritos Nacho Cheese Tortilla Chips Party Size',
    suggestedRetailPrice: 1234.99,
  });
  const added = await request.post('/api/barcode/insert/', {
    headers: { Token: token },
    data: { productID: product.id, quantity: 114 },
  });
  expect(added.status(), await added.text()).toBe(200);

  await page.addInitScript(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await signIn(page, username, 'labels-password');
  await page.goto('/products/barcode/print');
  await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
  const labels = page.getByTestId('label');
  await expect(labels).toHaveCount(114);
  await expect(labels.first()).toContainText('Doritos Nacho Cheese T');
  await expect(labels.first()).toContainText('ortilla Chips Party Siz');
  await expect(labels.first()).toContainText('$1,234.99');
  await expect(labels.first().getByTestId('label-company')).not.toBeEmpty();
  await page.screenshot({ path: test.info().outputPath('labels.png') });

  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    // Every child's box (text, barcode, price) within its label's box, to a tenth of a pixel.
    const outside = await labels.evaluateAll((cells) =>
      cells.flatMap((cell, i) => {
        const box = cell.getBoundingClientRect();
        return [...cell.children]
          .map((child) => ({ child, r: child.getBoundingClientRect() }))
          .filter(
            ({ r }) =>
              r.top < box.top - 0.1 ||
              r.bottom > box.bottom + 0.1 ||
              r.left < box.left - 0.1 ||
              r.right > box.right + 0.1,
          )
          .map(
            ({ child, r }) => `label ${i + 1} ${child.className}: ${JSON.stringify(r)} not in ${JSON.stringify(box)}`,
          );
      }),
    );
    expect(outside, media).toEqual([]);
  }
});
