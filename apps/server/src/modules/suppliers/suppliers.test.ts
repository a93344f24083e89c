import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

describe('suppliers (distributor/*)', () => {
  it('creates, lists, changes and deletes a supplier', async () => {
    const created = await t.call(
      'POST',
      '/api/distributor/insert/',
      {
        company: 'Core-Mark',
        email: 'orders@coremark.example',
        phone: '800-555-0199',
        address: '395 Oyster Point Blvd',
      },
      t.adminToken,
    );
    expect(created.statusCode).toBe(200);
    const d = created.json().distributor;
    expect(d).toMatchObject({ company: 'Core-Mark', phone: '800-555-0199' });
    const list = await t.call('POST', '/api/distributor/all/', { searchQuery: 'core' }, t.adminToken);
    expect(list.json().distributors.map((x: { company: string }) => x.company)).toEqual(['Core-Mark']);
    const upd = await t.call(
      'PATCH',
      '/api/distributor/update/',
      { id: d.id, company: 'Core-Mark International' },
      t.adminToken,
    );
    expect(upd.json().distributor).toMatchObject({ company: 'Core-Mark International', email: '' });
    expect((await t.call('DELETE', `/api/distributor/delete/${d.id}/`, undefined, t.adminToken)).json()).toEqual({
      message: 'Deleted',
    });
    const gone = await t.call('POST', `/api/distributor/${d.id}/`, undefined, t.adminToken);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("The distributor doesn't exist");
  });

  it('validates the phone and e-mail (400)', async () => {
    const res = await t.call('POST', '/api/distributor/insert/', { company: 'X', phone: 'call me' }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('phone may hold only digits, spaces and + ( ) . -');
    expect((await t.call('POST', '/api/distributor/insert/', { company: 'X' })).statusCode).toBe(401);
  });
});
