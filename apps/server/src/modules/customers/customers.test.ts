import { addDays, todayIn } from '@wd/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import { barcodePng } from '../barcodes/barcode-image.js';

const t = testApp();

const quickStop = {
  company: 'Quick Stop Market',
  name: 'Raj Patel',
  address: '400 Elm St',
  city: 'Plano',
  state: 'TX',
  postalCode: '75023',
  phone: '972-555-0142',
  email: 'raj@quickstop.example',
  awardPoints: 120,
  taxPermitNumber: '32012345678',
};

async function newCustomer(fields: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/customer/new/', { ...quickStop, ...fields }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer as { id: number; company: string };
}

describe('customers', () => {
  it('creates a customer in the default price group, never verified (stale)', async () => {
    const c = await newCustomer();
    const read = (await t.call('POST', `/api/customer/${c.id}/`, undefined, t.adminToken)).json().customer;
    expect(read).toMatchObject({
      ...quickStop,
      priceGroupID: 1,
      priceGroup: 'Default',
      dateLastVerified: null,
      stale: true,
      hasResaleCertificate: false,
    });
  });

  it('moves to another price group, and back to the default when that group is deleted', async () => {
    const group = (await t.call('POST', '/api/priceGroup/new/', { name: 'Gas' }, t.adminToken)).json().priceGroup;
    const c = await newCustomer({ company: 'Gas N Go', priceGroupID: group.id });
    expect((await t.call('POST', `/api/customer/${c.id}/`, undefined, t.adminToken)).json().customer.priceGroup).toBe(
      'Gas',
    );
    await t.call('DELETE', `/api/priceGroup/delete/${group.id}/`, undefined, t.adminToken);
    expect((await t.call('POST', `/api/customer/${c.id}/`, undefined, t.adminToken)).json().customer.priceGroupID).toBe(
      1,
    );
    const bad = await t.call('POST', '/api/customer/new/', { ...quickStop, priceGroupID: 9999 }, t.adminToken);
    expect(bad.statusCode).toBe(404);
  });

  it('validates numbers and e-mail (400), and 404 for a missing customer', async () => {
    const bad = await t.call('POST', '/api/customer/new/', { ...quickStop, taxPermitNumber: '12A' }, t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('taxPermitNumber must be a number');
    const points = await t.call('POST', '/api/customer/new/', { ...quickStop, awardPoints: -5 }, t.adminToken);
    expect(points.json().message).toBe('awardPoints must be a number ≥ 0');
    const missing = await t.call('POST', '/api/customer/99999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The customer doesn't exist");
  });

  it('is stale at 365 days since verification, not at 364', async () => {
    const today = todayIn('America/Chicago');
    const old = await newCustomer({ company: 'Old Verified' });
    const fresh = await newCustomer({ company: 'Fresh Verified' });
    await t.database.db.execute(
      sql`update customers set date_last_verified = ${addDays(today, -365)} where id = ${old.id}`,
    );
    await t.database.db.execute(
      sql`update customers set date_last_verified = ${addDays(today, -364)} where id = ${fresh.id}`,
    );
    const list = (
      await t.call(
        'POST',
        '/api/customer/all/',
        { searchQuery: 'Verified', sortingList: [{ column: 'company', order: 'asc' }] },
        t.adminToken,
      )
    ).json();
    expect(list.customers.map((c: { company: string; stale: boolean }) => [c.company, c.stale])).toEqual([
      ['Fresh Verified', false],
      ['Old Verified', true],
    ]);
  });

  it('takes a verification date, refuses one in the future, keeps it when absent', async () => {
    const today = todayIn('America/Chicago');
    const c = await newCustomer({ company: 'Dated', dateLastVerified: addDays(today, -400) });
    const read = (await t.call('POST', `/api/customer/${c.id}/`, undefined, t.adminToken)).json().customer;
    expect(read).toMatchObject({ dateLastVerified: addDays(today, -400), stale: true });
    const future = await t.call(
      'PATCH',
      '/api/customer/update/',
      { ...quickStop, id: c.id, dateLastVerified: addDays(today, 1) },
      t.adminToken,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('dateLastVerified can not be in the future');
    const kept = await t.call(
      'PATCH',
      '/api/customer/update/',
      { ...quickStop, id: c.id, company: 'Dated' },
      t.adminToken,
    );
    expect(kept.json().customer.dateLastVerified).toBe(addDays(today, -400));
  });

  it('soft-deletes, recovers, deletes permanently', async () => {
    const c = await newCustomer({ company: 'Gone Soon' });
    await t.call('DELETE', `/api/customer/delete/${c.id}/`, undefined, t.adminToken);
    expect(
      (await t.call('POST', '/api/customer/all/deleted/', { searchQuery: 'Gone Soon' }, t.adminToken)).json().totalRows,
    ).toBe(1);
    expect(
      (await t.call('POST', '/api/customer/all/', { searchQuery: 'Gone Soon' }, t.adminToken)).json().totalRows,
    ).toBe(0);
    await t.call('POST', `/api/customer/recover/${c.id}/`, undefined, t.adminToken);
    expect(
      (await t.call('POST', '/api/customer/all/', { searchQuery: 'Gone Soon' }, t.adminToken)).json().totalRows,
    ).toBe(1);
    await t.call('DELETE', `/api/customer/delete/${c.id}/`, undefined, t.adminToken);
    await t.call('DELETE', `/api/customer/delete/${c.id}/`, undefined, t.adminToken);
    expect((await t.call('POST', `/api/customer/${c.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });
});

describe('resale certificates', () => {
  it('answers No Resale Certificate Uploaded before one is signed', async () => {
    const c = await newCustomer({ company: 'Unsigned Inc' });
    const res = await t.call('GET', `/api/customer/resale_certificate/${c.id}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No Resale Certificate Uploaded');
  });

  it('signing stores the image, sets dateLastVerified to today; the PDF names seller and buyer', async () => {
    await t.call(
      'PATCH',
      '/api/supplier/update/',
      { id: 1, company: 'Lone Star Wholesale', city: 'Dallas', state: 'TX' },
      t.adminToken,
    );
    const c = await newCustomer({ company: 'Signed Market' });
    const png = await barcodePng('CERT-1', 'code128');
    const body = multipart([{ name: 'resaleCertificate', filename: 'cert.png', contentType: 'image/png', data: png }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${c.id}/`,
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({
      dateLastVerified: todayIn('America/Chicago'),
      stale: false,
      hasResaleCertificate: true,
    });

    const image = await t.call(
      'GET',
      `/files/resaleCertificates/Resale_Certificate_${c.id}.jpg`,
      undefined,
      t.adminToken,
    );
    expect(image.statusCode).toBe(200);
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);
    expect((await t.call('GET', `/files/resaleCertificates/Resale_Certificate_${c.id}.jpg`)).statusCode).toBe(401);

    const pdf = await t.call('GET', `/api/customer/resale_certificate/${c.id}/`, undefined, t.adminToken);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Resale_Certificate_${c.id}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Signed Market');
    expect(text).toContain('Lone Star Wholesale');
    expect(text).toContain('Tax permit number: 32012345678');
  });

  it('refuses a non-image (415) and a missing file part (400)', async () => {
    const c = await newCustomer({ company: 'Bad Upload' });
    const text = multipart([
      { name: 'resaleCertificate', filename: 'cert.jpg', contentType: 'image/jpeg', data: '%PDF-1.4 not an image' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${c.id}/`,
      headers: { ...text.headers, token: t.adminToken },
      payload: text.payload,
    });
    expect(res.statusCode).toBe(415);
    const none = multipart([{ name: 'other', data: 'x' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/customer/resale_certificate/${c.id}/`,
      headers: { ...none.headers, token: t.adminToken },
      payload: none.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('resaleCertificate is required');
  });
});
