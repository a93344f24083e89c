import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../test/helpers.js';

const t = testApp();
let doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
      }
    >
  >;
  components: { schemas?: Record<string, unknown> };
};
beforeAll(async () => {
  doc = (await t.call('GET', '/api/openapi.json')).json();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('gives every operation a response schema for 200 and its errors', () => {
    const missing = operations()
      .filter(({ op }) => !Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema))
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    const product = doc.paths['/api/product/{id}'].post.responses;
    expect(Object.keys(product).sort()).toEqual(['200', '400', '401', '404']);
  });

  it('documents the Idempotency-Key header on the write calls, not on the reads asked by POST', () => {
    const headers = (path: string, method: string) =>
      ((doc.paths[path][method] as { parameters?: { in: string; name: string }[] }).parameters ?? [])
        .filter((p) => p.in === 'header')
        .map((p) => p.name);
    expect(headers('/api/payment/insert', 'post')).toEqual(['Idempotency-Key']);
    expect(headers('/api/invoice/update', 'patch')).toEqual(['Idempotency-Key']);
    expect(headers('/api/invoice/delete/{id}', 'delete')).toEqual(['Idempotency-Key']);
    expect(headers('/api/invoice/all', 'post')).toEqual([]);
    expect(headers('/api/user/signIn', 'post')).toEqual([]);
  });

  it('documents the parts of every multipart call', () => {
    const multipart = operations().filter(({ op }) => op.requestBody?.content['multipart/form-data']);
    expect(multipart.map(({ name }) => name).sort()).toEqual([
      'POST /api/customer/resale_certificate/{id}',
      'POST /api/distributorPayment/insert',
      'POST /api/import/{kind}/preview',
      'POST /api/import/{kind}/refused',
      'POST /api/import/{kind}/run',
      'POST /api/invoice/send/{id}',
      'POST /api/payment/insert',
      'POST /api/receipt/insert',
      'POST /api/supplier/logo/{id}',
    ]);
    const payment = doc.paths['/api/payment/insert'].post.requestBody?.content['multipart/form-data'].schema;
    expect(Object.keys(payment?.properties ?? {}).sort()).toEqual(['chequeImage', 'payment']);
    expect(payment?.properties?.chequeImage.format).toBe('binary');
    const importFile = doc.paths['/api/import/{kind}/run'].post.requestBody?.content['multipart/form-data'].schema;
    expect(Object.keys(importFile?.properties ?? {}).sort()).toEqual(['file', 'options']);
  });

  it('names the shared schemas in components and refers to them', () => {
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'Error',
        'Message',
        'Product',
        'Invoice',
        'InvoiceItem',
        'Payment',
        'Customer',
        'Biller',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/product/{id}'].post.responses['200'])).toContain(
      '#/components/schemas/Product',
    );
  });

  it('documents every file download under its media type, never as JSON', () => {
    const files = operations().flatMap(({ name, op }) => {
      const content = op.responses['200']?.content ?? {};
      return Object.entries(content)
        .filter(([, c]) => (c.schema as { format?: string }).format === 'binary')
        .map(([type]) => [name, type]);
    });
    const byType = (type: string) => files.filter(([, t]) => t === type).map(([name]) => name);
    expect(byType('application/json')).toEqual([]);
    expect(byType('application/pdf').sort()).toEqual([
      'GET /api/customer/resale_certificate/{id}',
      'GET /api/invoice/pdf/{id}',
      'POST /api/customer/statement/pdf/{id}',
    ]);
    expect(byType('application/edi-x12')).toEqual(['GET /api/invoice/edi/cstore/{id}']);
    expect(byType('text/csv')).toEqual(
      expect.arrayContaining(['POST /api/invoice/export', 'POST /api/settlement/export']),
    );
    expect(files.length).toBeGreaterThanOrEqual(29);
    expect((doc as unknown as { servers: { url: string }[] }).servers).toEqual([
      { url: '/', description: 'This server' },
    ]);
  });

  it('passes Redocly lint (its recommended rules) with no error', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'wd-openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    let out: string;
    try {
      out = execFileSync('npx', ['redocly', 'lint', file, '--format=json'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // Redocly exits 1 when it finds errors; its report is still on stdout.
      out = (error as { stdout: string }).stdout;
    }
    const report = JSON.parse(out) as { totals: { errors: number }; problems: { ruleId: string; location: unknown }[] };
    expect(report.problems.filter((p) => (p as { severity?: string }).severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});
