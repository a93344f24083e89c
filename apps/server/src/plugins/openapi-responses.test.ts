import type { Call } from '@wd/contracts';
import * as calls from '@wd/contracts';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/catalog.js';
import { testApp } from '../../test/helpers.js';
import { invoiceCalls } from '../../test/invoices.js';

/**
 * What the API answers matches what its OpenAPI document promises: every list, report and
 * dashboard call (the reads without a path parameter) is asked with its defaults over data of
 * every kind, and its JSON answer is validated with Ajv (not our own code) against the document's
 * schema for it. A drift (a null where the document allows only "DUE" or "PAID") fails here.
 */
const t = testApp();
const inv = invoiceCalls(() => t);

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
};
let doc: Doc;
let ajv: Ajv;

beforeAll(async () => {
  doc = (await t.call('GET', '/api/openapi.json')).json();
  ajv = new Ajv({ allErrors: true, strictTypes: false });
  (formats as unknown as (a: Ajv) => void)(ajv);
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema(schema, `#/components/schemas/${name}`);
  }
  // Data of every kind the lists show: a submitted invoice with a payment, a consignment draft.
  const product = await createProduct(t, { name: 'Schema cola' });
  const customer = (await t.call('POST', '/api/customer/new/', { company: 'Schema Mart #1' }, t.adminToken)).json()
    .customer;
  const sold = await inv.newInvoice();
  await inv.addLine(sold.id, product.id);
  await inv.setInvoice(sold.id, { customerID: customer.id, status: 'DUE' });
  const paid = await inv.pay(sold.id, { amountPaid: 0.5 });
  expect(paid.statusCode, paid.body).toBe(200);
  const consignment = await inv.newInvoice('consignment');
  await inv.addLine(consignment.id, product.id);
});

/** The reads a screen makes with its defaults: no path parameter, JSON back. */
function readCalls(): [string, Call][] {
  return Object.entries(calls)
    .filter(([area]) => area.endsWith('Calls'))
    .flatMap(([area, table]) =>
      Object.entries(table as Record<string, Call>).map(([name, call]) => [`${area}.${name}`, call] as [string, Call]),
    )
    .filter(([, call]) => call.reads && !call.params && call.auth !== 'public' && !call.multipart);
}

describe('every JSON answer matches the OpenAPI document', () => {
  it('lists, reports and dashboards asked with their defaults', async () => {
    const checked: string[] = [];
    const drifts: { call: string; errors: unknown }[] = [];
    for (const [name, call] of readCalls()) {
      const path = `/api${call.path}`;
      const method = call.method.toLowerCase();
      const schema = doc.paths[path]?.[method]?.responses['200']?.content?.['application/json']?.schema;
      if (!schema) continue; // a file download
      const res = await t.call(call.method as 'POST', `${path}/`, method === 'get' ? undefined : {}, t.adminToken);
      if (res.statusCode !== 200) continue; // a call that needs a choice first (a report's biller)
      const validate = ajv.compile(schema);
      if (!validate(res.json())) drifts.push({ call: name, errors: validate.errors?.slice(0, 3) });
      checked.push(name);
    }
    expect(drifts).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(40);
    expect(checked).toEqual(
      expect.arrayContaining(['invoiceCalls.list', 'stockCalls.levels', 'dashboardCalls.status']),
    );
  });
});
