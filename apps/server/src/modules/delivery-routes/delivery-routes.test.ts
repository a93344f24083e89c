import { isoWeekday, todayIn } from '@wd/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../test/catalog.js';
import { testApp } from '../../../test/helpers.js';
import { invoiceCalls } from '../../../test/invoices.js';

const t = testApp();
const inv = invoiceCalls(() => t);
const today = isoWeekday(todayIn('America/Chicago'));
const otherDay = (today % 7) + 1;

let driver: { id: number; token: string };
let clerk: { id: number; token: string };
const stores: number[] = [];

const addStore = async (company: string, fields: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/customer/new/', { company, ...fields }, t.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customer.id as number;
};
const newRoute = (body: Record<string, unknown>, token = t.adminToken) =>
  t.call('POST', '/api/route/new/', body, token);

beforeAll(async () => {
  driver = await t.createUser('driver.dan');
  clerk = await t.createUser('clerk.cleo');
  const marked = await t.call('PATCH', '/api/user/update/', { id: driver.id, driver: true }, t.adminToken);
  expect(marked.json().user).toMatchObject({ username: 'driver.dan', driver: true });
  stores.push(await addStore('Express Mart #124', { creditLimit: 500 }));
  stores.push(await addStore('Corner Market #7'));
  stores.push(await addStore('Quick Stop #3'));
});

describe('delivery routes', () => {
  it('creates a route with ordered stops per weekday and answers them in that order', async () => {
    const res = await newRoute({
      name: 'North loop',
      driverID: driver.id,
      truck: 'Truck 12',
      stops: [
        { weekday: today, customerID: stores[2] },
        { weekday: today, customerID: stores[0] },
        { weekday: otherDay, customerID: stores[1] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json().route;
    expect(route).toMatchObject({ name: 'North loop', driver: 'driver.dan', truck: 'Truck 12' });
    expect(route.stops.filter((s: { weekday: number }) => s.weekday === today)).toEqual([
      { weekday: today, position: 1, customerID: stores[2], customer: 'Quick Stop #3', customerDeleted: false },
      { weekday: today, position: 2, customerID: stores[0], customer: 'Express Mart #124', customerDeleted: false },
    ]);
    expect(route.stopsPerDay[today - 1]).toBe(2);
    expect(route.stopsPerDay[otherDay - 1]).toBe(1);

    const listed = (await t.call('POST', '/api/route/all/', { searchQuery: 'dan' }, clerk.token)).json();
    expect(listed.totalRows).toBe(1);
    expect(listed.routes[0].name).toBe('North loop');
  });

  it("shows the driver today's stops with each store's open balance and credit limit", async () => {
    const product = await createProduct(t, { sellingPrice: 12.34 });
    const invoice = await inv.newInvoice();
    await inv.addLine(invoice.id, product.id);
    await inv.setInvoice(invoice.id, { customerID: stores[0], status: 'DUE' });

    const res = await t.call('POST', '/api/route/today/', undefined, driver.token);
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day.route).toMatchObject({ name: 'North loop', truck: 'Truck 12' });
    expect(day.weekday).toBe(today);
    expect(day.stops.map((s: { customer: string }) => s.customer)).toEqual(['Quick Stop #3', 'Express Mart #124']);
    expect(day.stops[1]).toMatchObject({ position: 2, openBalance: 12.34, creditLimit: 500 });
    expect(day.stops[0]).toMatchObject({ openBalance: 0, creditLimit: 0 });

    const none = (await t.call('POST', '/api/route/today/', undefined, clerk.token)).json();
    expect(none).toMatchObject({ route: null, stops: [] });
  });

  it('replaces the stops on update, keeps the rest, and records the change in the audit trail', async () => {
    const [route] = (await t.call('POST', '/api/route/all/', {}, t.adminToken)).json().routes;
    const res = await t.call(
      'PATCH',
      '/api/route/update/',
      { id: route.id, stops: [{ weekday: today, customerID: stores[1] }] },
      t.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().route).toMatchObject({ name: 'North loop', truck: 'Truck 12', stopsPerDay: expect.any(Array) });
    expect(res.json().route.stops).toEqual([
      { weekday: today, position: 1, customerID: stores[1], customer: 'Corner Market #7', customerDeleted: false },
    ]);
    const audit = (
      await t.call('POST', '/api/audit/all/', { entity: 'route', entityId: route.id }, t.adminToken)
    ).json();
    expect(audit.auditLog.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses a driver who is not marked as one, a second route for a driver, and unknown customers', async () => {
    const notDriver = await newRoute({ name: 'South', driverID: clerk.id, truck: 'Van 2' });
    expect(notDriver.statusCode).toBe(400);
    expect(notDriver.json().message).toBe('clerk.cleo is not marked as a driver (Users → edit → Driver)');

    const taken = await newRoute({ name: 'South', driverID: driver.id, truck: 'Van 2' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('driver.dan already drives the route North loop');

    const second = await t.createUser('driver.eve');
    await t.call('PATCH', '/api/user/update/', { id: second.id, driver: true }, t.adminToken);
    const unknown = await newRoute({
      name: 'South',
      driverID: second.id,
      truck: 'Van 2',
      stops: [{ weekday: 1, customerID: 999999 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Customer 999999 doesn't exist");

    const twice = await newRoute({
      name: 'South',
      driverID: second.id,
      truck: 'Van 2',
      stops: [
        { weekday: 1, customerID: stores[0] },
        { weekday: 1, customerID: stores[0] },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('stops.1.customerID is already a stop of that weekday');

    expect((await newRoute({ name: '', driverID: second.id, truck: 'Van 2' })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/route/999999/', undefined, t.adminToken)).statusCode).toBe(404);
    expect((await t.call('PATCH', '/api/route/update/', { id: 999999, name: 'x' }, t.adminToken)).statusCode).toBe(404);
    expect((await t.call('PATCH', '/api/route/update/', { id: 1 }, t.adminToken)).statusCode).toBe(400);
  });

  it('lets only admins change routes', async () => {
    const [route] = (await t.call('POST', '/api/route/all/', {}, t.adminToken)).json().routes;
    expect((await newRoute({ name: 'Mine', driverID: driver.id, truck: 'T' }, driver.token)).statusCode).toBe(403);
    const upd = await t.call('PATCH', '/api/route/update/', { id: route.id, name: 'Mine' }, clerk.token);
    expect(upd.statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/route/delete/${route.id}/`, undefined, driver.token)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/route/all/', {}, null)).statusCode).toBe(401);
  });

  it('deletes a route with its stops; 404 after', async () => {
    const other = await t.createUser('driver.fay');
    await t.call('PATCH', '/api/user/update/', { id: other.id, driver: true }, t.adminToken);
    const route = (
      await newRoute({ name: 'Temp', driverID: other.id, truck: 'T', stops: [{ weekday: 2, customerID: stores[1] }] })
    ).json().route;
    const del = await t.call('DELETE', `/api/route/delete/${route.id}/`, undefined, t.adminToken);
    expect(del.statusCode, del.body).toBe(200);
    expect((await t.call('POST', `/api/route/${route.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/route/delete/${route.id}/`, undefined, t.adminToken)).statusCode).toBe(404);
  });
});
