import { normalizeBarcode } from '@wd/contracts';
import { stringify } from 'csv-stringify/sync';
import { expect } from 'vitest';
import { multipart, type TestApp } from '../../../test/helpers.js';

/** What the import tests share: files made in the test, the three calls, and reading back products and audit. */

/** A valid UPC-A from 11 digits (the check digit computed). */
export const upc = (eleven: string) => {
  const r = normalizeBarcode('upca', eleven);
  if (!r.ok) throw new Error(r.message);
  return r.barcode;
};

export const csv = (rows: (string | number)[][], delimiter = ',') =>
  stringify(
    rows.map((r) => r.map(String)),
    { delimiter, record_delimiter: 'windows' },
  );

/** The import calls of the test file's app `t`. */
export function importKit(t: TestApp) {
  function send(
    kind: string,
    step: string,
    file: string | Buffer,
    options: unknown = {},
    token: string | null = t.adminToken,
  ) {
    const body = multipart([
      { name: 'options', data: JSON.stringify(options) },
      { name: 'file', filename: 'import.csv', contentType: 'text/csv', data: file },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/import/${kind}/${step}`,
      headers: { ...body.headers, ...(token ? { token } : {}) },
      payload: body.payload,
    });
  }

  /** The run's NDJSON events. */
  async function run(kind: string, file: string | Buffer, options: unknown) {
    const res = await send(kind, 'run', file, options);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    return res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  }
  const resultOf = async (kind: string, file: string | Buffer, options: unknown) =>
    (await run(kind, file, options)).at(-1);

  const product = async (barcode: string) => {
    const res = await t.call('POST', '/api/product/filter', { searchQuery: barcode, resultsPerPage: 5 }, t.adminToken);
    return res.json().products.find((p: { barcode: string }) => p.barcode === barcode);
  };

  const auditOf = async (entity: string, entityID: number) =>
    (await t.call('POST', '/api/audit/all', { entity, entityId: entityID, resultsPerPage: 50 }, t.adminToken)).json()
      .auditLog;

  return { send, run, resultOf, product, auditOf };
}
