import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Call, errorStatuses } from '../common/call.js';
import * as callsModule from './index.js';

/** The areas by their export name (a plain object: the module namespace is read by key). */
const calls: Record<string, unknown> = { ...callsModule };

/**
 * docs/api.md's "The table of calls" is this table written out: every call of
 * every area with its method, path, summary and the statuses it also answers.
 * The test fails when a call is added or changed without the page; run it with
 * UPDATE_API_DOC=1 to write the section again.
 */
const AREAS: [string, string][] = [
  ['userCalls', 'Users'],
  ['healthCalls', 'Health'],
  ['productCalls', 'Products'],
  ['productGroupCalls', 'Product price groups'],
  ['priceGroupCalls', 'Customer price groups'],
  ['barcodeCalls', 'Barcode labels'],
  ['billerCalls', 'Billers'],
  ['customerCalls', 'Customers'],
  ['supplierCalls', 'Suppliers'],
  ['expenseCalls', 'Expenses'],
  ['invoiceCalls', 'Invoices'],
  ['invoiceDraftCalls', 'Invoice drafts'],
  ['paymentCalls', 'Payments'],
  ['receiptCalls', 'Receipts (one payment over several invoices)'],
  ['supplierInvoiceCalls', 'Supplier invoices'],
  ['supplierPaymentCalls', 'Supplier payments'],
  ['invoiceDocumentCalls', 'Invoice documents'],
  ['invoicePdfCalls', 'Invoice PDF'],
  ['invoiceEdiCalls', 'Invoice EDI files'],
  ['invoiceMailCalls', 'Invoice e-mail'],
  ['outboxCalls', 'Outbox (admins)'],
  ['reportCalls', 'Reports'],
  ['receivablesCalls', 'Receivables: aging, statements, credit'],
  ['statementMailCalls', 'Statement e-mail'],
  ['dashboardCalls', 'Dashboard'],
  ['routeCalls', 'Delivery routes and number blocks'],
  ['deviceFlagCalls', 'Driver flags (admins)'],
  ['stockCalls', 'Stock by location'],
  ['settlementCalls', "Settlements (the driver's end of day)"],
  ['settingsCalls', 'Settings'],
  ['importCalls', 'Import (admins)'],
  ['auditCalls', 'Audit trail (admins)'],
];

const docPath = fileURLToPath(new URL('../../../../docs/api.md', import.meta.url));
const START = '### Users (`userCalls`)';

function section(): string {
  const parts = AREAS.map(([name, title]) => {
    const rows = Object.entries(calls[name] as Record<string, Call>).map(([key, call]) => {
      const path = `/api${call.path.replace(/:(\w+)/g, '{$1}')}/`;
      const also = errorStatuses(call).filter((s) => s !== 400 && s !== 401);
      const what = `${call.summary}${call.auth === 'public' ? ' (public)' : ''}`.replace(/\|/g, '\\|');
      return `| \`${key}\` | \`${call.method} ${path}\` | ${what} | ${also.join(', ')} |`;
    });
    return [
      `### ${title} (\`${name}\`)`,
      '',
      '| call | method and path | what | also answers |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');
  });
  return `${parts.join('\n\n')}\n`;
}

describe('docs/api.md', () => {
  it('lists every call of the table, as declared', () => {
    const listed = new Set(AREAS.map(([name]) => name));
    const areas = Object.keys(calls).filter((k) => k.endsWith('Calls') && typeof calls[k] === 'object');
    expect(areas.filter((a) => !listed.has(a))).toEqual([]);
    const doc = readFileSync(docPath, 'utf8');
    const at = doc.indexOf(START);
    expect(at).toBeGreaterThan(0);
    const expected = section();
    if (process.env.UPDATE_API_DOC) writeFileSync(docPath, doc.slice(0, at) + expected);
    else expect(doc.slice(at)).toBe(expected);
  });
});
