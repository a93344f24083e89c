import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers.js';

const t = testApp();

/** Creates a customer with `fields`, then reads it back as the API answers it. */
async function createAndRead(fields: Record<string, unknown>) {
  const res = await t.call(
    'POST',
    '/api/customer/new/',
    { company: `Numbers ${Math.random()}`, ...fields },
    t.adminToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json().customer as { id: number };
  return (await t.call('POST', `/api/customer/${id}/`, undefined, t.adminToken)).json().customer;
}

/** The API types awardPoints and taxPermitNumber as numbers; the web form sends text: both forms store the same. */
describe('customer fields the spec calls numbers', () => {
  it('stores award points 12 whether sent as 12 or as "12"', async () => {
    expect((await createAndRead({ awardPoints: 12 })).awardPoints).toBe(12);
    expect((await createAndRead({ awardPoints: '12' })).awardPoints).toBe(12);
  });

  it('stores a tax permit number as its digits: 123 as "123", "00123" keeps its leading zeros', async () => {
    expect((await createAndRead({ taxPermitNumber: 123 })).taxPermitNumber).toBe('123');
    expect((await createAndRead({ taxPermitNumber: '00123' })).taxPermitNumber).toBe('00123');
  });

  it('takes both forms on update too', async () => {
    const c = await createAndRead({});
    const res = await t.call(
      'PATCH',
      '/api/customer/update/',
      { id: c.id, company: c.company, awardPoints: '40', taxPermitNumber: 7 },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({ awardPoints: 40, taxPermitNumber: '7' });
  });

  it('still refuses what is not a number, in either form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ awardPoints: '12a' }, 'awardPoints must be a number'],
      [{ awardPoints: '-3' }, 'awardPoints must be a number ≥ 0'],
      [{ awardPoints: 1.5 }, 'awardPoints must be a number'],
      [{ taxPermitNumber: -5 }, 'taxPermitNumber must be a number'],
      [{ taxPermitNumber: '12A' }, 'taxPermitNumber must be a number'],
    ];
    for (const [fields, message] of cases) {
      const res = await t.call('POST', '/api/customer/new/', { company: 'Bad Numbers', ...fields }, t.adminToken);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
