import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, testApp } from '../../../test/helpers.js';
import { barcodePng } from '../barcodes/barcode-image.js';

const t = testApp();
let png: Buffer;
beforeAll(async () => {
  png = await barcodePng('LOGO-1', 'code128');
});

const acme = {
  company: 'Acme Distribution',
  name: 'Ann Lee',
  address: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
  country: 'USA',
  phone: '(214) 555-0100',
  email: 'ann@acme.example',
};

describe('billers (supplier/*)', () => {
  it('starts with billers 1 and 2', async () => {
    const res = await t.call('POST', '/api/supplier/all/', {}, t.adminToken);
    expect(
      res
        .json()
        .billers.map((b: { id: number }) => b.id)
        .slice(0, 2),
    ).toEqual([1, 2]);
  });

  it('creates, reads, changes a biller', async () => {
    const created = await t.call('POST', '/api/supplier/new/', acme, t.adminToken);
    expect(created.statusCode).toBe(200);
    const biller = created.json().biller;
    expect(biller).toMatchObject({ ...acme, logo: '', deletedAt: null });
    const upd = await t.call(
      'PATCH',
      '/api/supplier/update/',
      { ...acme, id: biller.id, city: 'Austin' },
      t.adminToken,
    );
    expect(upd.json().biller.city).toBe('Austin');
    const read = await t.call('POST', `/api/supplier/${biller.id}/`, undefined, t.adminToken);
    expect(read.json().biller.city).toBe('Austin');
  });

  it('validates (400) and answers 404 for a missing biller', async () => {
    const bad = await t.call('POST', '/api/supplier/new/', { ...acme, email: 'nope' }, t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('email must be a valid e-mail address');
    const noCompany = await t.call('POST', '/api/supplier/new/', { ...acme, company: ' ' }, t.adminToken);
    expect(noCompany.json().message).toBe('company is required');
    const missing = await t.call('POST', '/api/supplier/99999/', undefined, t.adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("The biller doesn't exist");
  });

  it('soft-deletes, recovers and permanently deletes; billers 1 and 2 stay', async () => {
    const { biller } = (
      await t.call('POST', '/api/supplier/new/', { ...acme, company: 'Temp Co' }, t.adminToken)
    ).json();
    expect((await t.call('DELETE', `/api/supplier/delete/${biller.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    const deleted = await t.call('POST', '/api/supplier/all/deleted/', { searchQuery: 'Temp Co' }, t.adminToken);
    expect(deleted.json().totalRows).toBe(1);
    expect((await t.call('POST', `/api/supplier/recover/${biller.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Recovered',
    });
    await t.call('DELETE', `/api/supplier/delete/${biller.id}/`, undefined, t.adminToken);
    await t.call('DELETE', `/api/supplier/delete/${biller.id}/`, undefined, t.adminToken);
    expect((await t.call('POST', `/api/supplier/${biller.id}/`, undefined, t.adminToken)).statusCode).toBe(404);

    const house = await t.call('DELETE', '/api/supplier/delete/1/', undefined, t.adminToken);
    expect(house.statusCode).toBe(409);
    expect(house.json().message).toBe(
      'Biller 1 is a default biller (for new invoices and expenses) and can not be deleted',
    );
  });

  it('never removes a biller with expenses permanently (409)', async () => {
    const { biller } = (
      await t.call('POST', '/api/supplier/new/', { ...acme, company: 'Busy Co' }, t.adminToken)
    ).json();
    await t.call(
      'POST',
      '/api/expenses/insert/',
      { date: '2026-11-01', billerID: biller.id, expense: 'Fuel', category: 'Truck', amount: 80 },
      t.adminToken,
    );
    await t.call('DELETE', `/api/supplier/delete/${biller.id}/`, undefined, t.adminToken);
    const res = await t.call('DELETE', `/api/supplier/delete/${biller.id}/`, undefined, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Busy Co has 1 expense and can not be deleted permanently');
  });

  it('takes a logo image and serves it; refuses a non-image (415) and a file over 10 MB (413)', async () => {
    const body = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: png }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/logo/2/',
      headers: { ...body.headers, token: t.adminToken },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const logo = res.json().biller.logo as string;
    expect(logo).toMatch(/^\/images\/billers\/2\?v=\d+$/);
    const image = await t.call('GET', logo);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, png)).toBe(0);

    const text = multipart([
      { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: 'not an image at all' },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/logo/2/',
      headers: { ...text.headers, token: t.adminToken },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Only images (JPEG, PNG, WebP or HEIC) can be uploaded');

    const big = multipart([
      {
        name: 'logo',
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
      },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/logo/2/',
      headers: { ...big.headers, token: t.adminToken },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The file is larger than 10 MB');
  });
});
