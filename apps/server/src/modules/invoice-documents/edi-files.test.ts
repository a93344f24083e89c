import { parse } from 'csv-parse/sync';
import { X12Parser } from 'node-x12';
import { describe, expect, it } from 'vitest';
import { contentHash, cstore810, defaultPartners, PURPOSE, x12Text } from './edi-cstore.js';
import { ediFiles } from './edi-files.js';
import { MODISOFT_COLUMNS, modisoftCsv } from './edi-modisoft.js';
import { firstIssue, line, sample } from './edi-test-sample.js';

const segmentsOf = (x12: string) => x12.split('~').filter(Boolean);
/** The sample's 810 as a first file (control number 1042), as its segments. */
const x12Of = (doc: ReturnType<typeof sample>) => cstore810(doc, firstIssue(doc)).toString('ascii');

describe('modisoftCsv (EDI MS)', () => {
  it('writes a header row and one row per line, money from cents, CRLF line ends', () => {
    const doc = sample();
    const text = modisoftCsv(doc).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows: string[][] = parse(text);
    expect(rows[0]).toEqual([...MODISOFT_COLUMNS]);
    // Every row starts with the invoice: number, MM/DD/YYYY date, vendor (as it is: CSV quotes, never strips), account.
    expect(new Set(rows.slice(1).map((r) => r.slice(0, 4).join('|')))).toEqual(
      new Set(['1042|11/03/2026|Lone Star *Wholesale~|7']),
    );
    expect(rows.slice(1).map((r) => r.slice(4))).toEqual([
      ['049000028911', 'Cola 12oz, "Classic"', '12', '12', '2.50', '3.49', '30.00'],
      ['5012345678900', 'Café > Crème ~ Latte *Cold*', '2', '12', '4.25', '5.24', '8.50'],
      ['', 'Gum\tMint\n(3 pack)', '-1', '12', '1.99', '2.98', '-1.99'],
    ]);
    expect(text).toContain('"Cola 12oz, ""Classic"""');
    expect(text).toContain('"Gum\tMint\n(3 pack)"');
  });

  it('ExtendedCost sums to the invoice amount; a walk-in invoice is account 0', () => {
    const doc = sample({ customer: null });
    const rows: Record<string, string>[] = parse(modisoftCsv(doc), { columns: true });
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r.ExtendedCost) * 100), 0);
    expect(cents).toBe(3651);
    expect(doc.amount).toBe(36.51);
    expect(rows.every((r) => r.CustomerAccount === '0')).toBe(true);
    expect(rows.map((r) => r.UPC)).toEqual(['049000028911', '5012345678900', '']);
  });
});

describe('cstore810 (EDI C)', () => {
  it('writes the whole 810 as docs/edi.md gives it', () => {
    const segments = segmentsOf(x12Of(sample()));
    expect(segments).toEqual([
      'ISA*00*          *00*          *ZZ*000002         *ZZ*000007         *261103*0000*U*00401*000001042*0*P*>',
      'GS*IN*000002*000007*20261103*0000*1042*X*004010',
      'ST*810*000001042',
      'BIG*20261103*1042******00',
      'N1*SE*Lone Star Wholesale*ZZ*000002',
      'N1*ST*Quick Stop #4*ZZ*000007',
      'IT1*1*12*EA*2.50**UP*049000028911',
      'CTP*RS*RES*3.49',
      'PID*F****Cola 12oz, "Classic"',
      'IT1*2*2*EA*4.25**EN*5012345678900',
      'CTP*RS*RES*5.24',
      'PID*F****Cafe Creme Latte Cold',
      'IT1*3*-1*EA*1.99**VN*AB-77',
      'CTP*RS*RES*2.98',
      'PID*F****Gum Mint (3 pack)',
      'TDS*3651',
      'CTT*3*13',
      'SE*16*000001042',
      'GE*1*1042',
      'IEA*1*000001042',
    ]);
  });

  it('parses back with an X12 parser: envelope, counts and totals', () => {
    const x12 = x12Of(sample());
    expect(x12.indexOf('~') + 1).toBe(106);
    const interchange = new X12Parser(true).parse(x12) as import('node-x12').X12Interchange;
    const group = interchange.functionalGroups[0];
    const set = group.transactions[0];
    expect(interchange.header.valueOf(13)).toBe(interchange.trailer.valueOf(2));
    expect(group.header.valueOf(6)).toBe(group.trailer.valueOf(2));
    expect(Number(set.trailer.valueOf(1))).toBe(set.segments.length + 2);
    const it1 = set.segments.filter((s) => s.tag === 'IT1');
    const ctt = set.segments.find((s) => s.tag === 'CTT');
    expect(ctt?.valueOf(1)).toBe(String(it1.length));
    expect(Number(ctt?.valueOf(2))).toBe(it1.reduce((sum, s) => sum + Number(s.valueOf(2)), 0));
    expect(set.segments.find((s) => s.tag === 'TDS')?.valueOf(1)).toBe('3651');
  });

  it('marks a credit with BIG07 CR and a negative TDS; a walk-in customer is id 0', () => {
    const doc = sample({ customer: null, lines: [line(1, '049000028911', 'upca', 'Cola', -2, 250)] });
    const segments = segmentsOf(x12Of(doc));
    expect(segments).toContain('BIG*20261103*1042*****CR*00');
    expect(segments).toContain('TDS*-500');
    expect(segments).toContain('N1*ST*Walk-in customer*ZZ*000000');
    expect(segments[0].slice(54, 70)).toBe('000000         *');
  });

  it('carries the amount, not the balance: a paid invoice still has its TDS', () => {
    const payments = [{ amountPaid: 3651, discountRedeemed: 0, awardPointsRedeemed: 0 }];
    const doc = sample({ payments });
    expect(doc.balance).toBe(0);
    expect(segmentsOf(x12Of(doc))).toContain('TDS*3651');
  });

  it('cuts descriptions at 80 characters and names at 60', () => {
    const long = 'x'.repeat(100);
    expect(x12Text(`${long}*~>`, 80)).toBe('x'.repeat(80));
    const doc = sample({ lines: [line(1, '049000028911', 'upca', long, 1, 100)] });
    expect(segmentsOf(x12Of(doc))).toContain(`PID*F****${'x'.repeat(80)}`);
  });

  it('a replacement between partners with EDI ids: its control number everywhere, BIG08 05, each qualifier in its code', () => {
    const doc = sample();
    const issue = firstIssue(doc, {
      control: 77,
      purpose: PURPOSE.replace,
      sender: { qualifier: '01', id: '123456789' },
      receiver: { qualifier: 'ZZ', id: 'QS-4' },
    });
    const segments = segmentsOf(cstore810(doc, issue).toString('ascii'));
    expect(segments[0]).toBe(
      'ISA*00*          *00*          *01*123456789      *ZZ*QS-4           *261103*0000*U*00401*000000077*0*P*>',
    );
    expect(segments).toEqual(
      expect.arrayContaining([
        'GS*IN*123456789*QS-4*20261103*0000*77*X*004010',
        'ST*810*000000077',
        'BIG*20261103*1042******05',
        // N103 names a DUNS number `1` (element 66), where ISA05 says `01` (element I05).
        'N1*SE*Lone Star Wholesale*1*123456789',
        'N1*ST*Quick Stop #4*ZZ*QS-4',
        'SE*16*000000077',
        'GE*1*77',
        'IEA*1*000000077',
      ]),
    );
  });

  it('hashes the content without its control numbers: equal for another issue, different for another invoice', () => {
    const doc = sample();
    const partners = defaultPartners(doc);
    expect(contentHash(doc, partners)).toBe(contentHash(sample(), partners));
    const changed = sample({ lines: [line(1, '049000028911', 'upca', 'Cola', 13, 250)] });
    expect(contentHash(changed, partners)).not.toBe(contentHash(doc, partners));
    // Another partner id is another file for the store.
    expect(contentHash(doc, { ...partners, receiver: { qualifier: 'ZZ', id: 'QS-4' } })).not.toBe(
      contentHash(doc, partners),
    );
  });
});

describe('ediFiles', () => {
  it('names both files after the invoice and gives the same bytes every time', () => {
    const files = ediFiles(sample(), firstIssue(sample()));
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      ['Invoice_1042_EDI_MS.csv', 'text/csv; charset=utf-8'],
      ['Invoice_1042_EDI_C.x12', 'application/edi-x12'],
    ]);
    const again = ediFiles(sample(), firstIssue(sample()));
    expect(files.map((f) => f.data.equals(again[files.indexOf(f)].data))).toEqual([true, true]);
  });
});
