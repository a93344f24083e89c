import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createProduct, uniqueName } from './support';

/** Invoices worth printing, e-mailing and exporting, for the invoice document specs. */
export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/print-shots';

export type Headers = { Token: string };

/** A biller with an address, a phone and a logo (a picture of its name), so the print head has everything. */
export async function billerWithLogo(page: Page, request: APIRequestContext, headers: Headers, company: string) {
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
export async function invoiceFixture(
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

export async function products(request: APIRequestContext, token: string, tag: string, n: number) {
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
export async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}
export const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);
