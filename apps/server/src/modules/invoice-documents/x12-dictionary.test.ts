import { describe, expect, it } from 'vitest';
import { cstore810, type EdiIssue, PURPOSE } from './edi-cstore.js';
import { firstIssue, line, sample } from './edi-test-sample.js';

/**
 * Every element of the 810s we write, checked against the X12 004010 element dictionary as a
 * strict translator does: data type, minimum and maximum length, and the code values of the
 * qualifiers we use. The table is written from the standard's published element definitions
 * (segment reference, data element number, type, min/max) for the segments the file holds.
 */
type Type = 'ID' | 'AN' | 'DT' | 'TM' | 'N0' | 'N2' | 'R';
type Element = [ref: string, type: Type, min: number, max: number, codes?: string[]];

const DICTIONARY: Record<string, Element[]> = {
  ISA: [
    ['ISA01 (I01)', 'ID', 2, 2, ['00']],
    ['ISA02 (I02)', 'AN', 10, 10],
    ['ISA03 (I03)', 'ID', 2, 2, ['00']],
    ['ISA04 (I04)', 'AN', 10, 10],
    ['ISA05 (I05)', 'ID', 2, 2, ['01', '12', 'ZZ']],
    ['ISA06 (I06)', 'AN', 15, 15],
    ['ISA07 (I05)', 'ID', 2, 2, ['01', '12', 'ZZ']],
    ['ISA08 (I07)', 'AN', 15, 15],
    ['ISA09 (I08)', 'DT', 6, 6],
    ['ISA10 (I09)', 'TM', 4, 4],
    ['ISA11 (I10)', 'ID', 1, 1, ['U']],
    ['ISA12 (I11)', 'ID', 5, 5, ['00401']],
    ['ISA13 (I12)', 'N0', 9, 9],
    ['ISA14 (I13)', 'ID', 1, 1, ['0', '1']],
    ['ISA15 (I14)', 'ID', 1, 1, ['P', 'T']],
    ['ISA16 (I15)', 'AN', 1, 1],
  ],
  GS: [
    ['GS01 (479)', 'ID', 2, 2, ['IN']],
    ['GS02 (142)', 'AN', 2, 15],
    ['GS03 (124)', 'AN', 2, 15],
    ['GS04 (373)', 'DT', 8, 8],
    ['GS05 (337)', 'TM', 4, 8],
    ['GS06 (28)', 'N0', 1, 9],
    ['GS07 (455)', 'ID', 1, 2, ['X']],
    ['GS08 (480)', 'AN', 1, 12],
  ],
  ST: [
    ['ST01 (143)', 'ID', 3, 3, ['810']],
    ['ST02 (329)', 'AN', 4, 9],
  ],
  BIG: [
    ['BIG01 (373)', 'DT', 8, 8],
    ['BIG02 (76)', 'AN', 1, 22],
    ['BIG03 (373)', 'DT', 8, 8],
    ['BIG04 (324)', 'AN', 1, 22],
    ['BIG05 (328)', 'AN', 1, 30],
    ['BIG06 (327)', 'AN', 1, 8],
    ['BIG07 (640)', 'ID', 2, 2, ['CR', 'DI']],
    ['BIG08 (353)', 'ID', 2, 2, ['00', '05']],
  ],
  N1: [
    ['N101 (98)', 'ID', 2, 3, ['SE', 'ST']],
    ['N102 (93)', 'AN', 1, 60],
    ['N103 (66)', 'ID', 1, 2, ['1', '9', '12', '91', '92', 'ZZ']],
    ['N104 (67)', 'AN', 2, 80],
  ],
  IT1: [
    ['IT101 (350)', 'AN', 1, 20],
    ['IT102 (358)', 'R', 1, 15],
    ['IT103 (355)', 'ID', 2, 2, ['EA']],
    ['IT104 (212)', 'R', 1, 17],
    ['IT105 (639)', 'ID', 2, 2],
    ['IT106 (235)', 'ID', 2, 2, ['UP', 'EN', 'VN']],
    ['IT107 (234)', 'AN', 1, 48],
  ],
  CTP: [
    ['CTP01 (687)', 'ID', 2, 2, ['RS']],
    ['CTP02 (236)', 'ID', 3, 3, ['RES']],
    ['CTP03 (212)', 'R', 1, 17],
  ],
  PID: [
    ['PID01 (349)', 'ID', 1, 1, ['F']],
    ['PID02 (750)', 'ID', 2, 3],
    ['PID03 (559)', 'ID', 2, 2],
    ['PID04 (751)', 'AN', 1, 12],
    ['PID05 (352)', 'AN', 1, 80],
  ],
  TDS: [['TDS01 (610)', 'N2', 1, 15]],
  CTT: [
    ['CTT01 (354)', 'N0', 1, 6],
    ['CTT02 (347)', 'R', 1, 10],
  ],
  SE: [
    ['SE01 (96)', 'N0', 1, 10],
    ['SE02 (329)', 'AN', 4, 9],
  ],
  GE: [
    ['GE01 (97)', 'N0', 1, 6],
    ['GE02 (28)', 'N0', 1, 9],
  ],
  IEA: [
    ['IEA01 (I16)', 'N0', 1, 5],
    ['IEA02 (I12)', 'N0', 9, 9],
  ],
};

/** A value's length as X12 counts it: numbers without their sign and decimal point. */
function lengthOf(type: Type, value: string): number {
  return type === 'N0' || type === 'N2' || type === 'R' ? value.replace(/[-.]/g, '').length : value.length;
}

function typeError(type: Type, value: string): string | undefined {
  const ok = {
    ID: /^[\x20-\x7e]+$/,
    AN: /^[\x20-\x7e]+$/,
    DT: /^(\d{6}|\d{8})$/,
    TM: /^([01]\d|2[0-3])[0-5]\d(\d{2})?$/,
    N0: /^-?\d+$/,
    N2: /^-?\d+$/,
    R: /^-?(\d+\.?\d*|\.\d+)$/,
  }[type];
  if (!ok.test(value)) return `not ${type}`;
  if (type === 'AN' && /^ +$/.test(value) && value.length > 0) return undefined;
  return undefined;
}

/** Every element that breaks the dictionary, as "SEG01 (n): why". */
function violations(x12: string): string[] {
  const problems: string[] = [];
  for (const raw of x12.split('~').filter(Boolean)) {
    const [tag, ...values] = raw.split('*');
    const table = DICTIONARY[tag];
    if (!table) {
      problems.push(`${tag}: a segment the table does not hold`);
      continue;
    }
    if (values.length > table.length) problems.push(`${tag}: ${values.length} elements, at most ${table.length}`);
    values.forEach((value, i) => {
      const [ref, type, min, max, codes] = table[i] ?? [`${tag}${i + 1}`, 'AN', 0, 0];
      if (value === '') return; // an element left out
      const why =
        typeError(type, value) ??
        (lengthOf(type, value) < min || lengthOf(type, value) > max
          ? `length ${lengthOf(type, value)}, ${min}–${max} allowed`
          : codes && !codes.includes(value)
            ? `code ${value} not in ${codes.join(', ')}`
            : undefined);
      if (why) problems.push(`${ref} "${value}": ${why}`);
    });
  }
  return problems;
}

const variants: [string, ReturnType<typeof sample>, Partial<EdiIssue>][] = [
  ['biller 1 and customer 7', sample({}, 1), {}],
  ['a walk-in credit', sample({ customer: null, lines: [line(1, '049000028911', 'upca', 'Cola', -2, 250)] }), {}],
  [
    'long texts and odd characters',
    sample({
      lines: [line(1, 'CODE-128/ÄÖ', 'code128', `Łódź Pierogi 日本茶 ✓ €5 “Deal” ${'x'.repeat(120)}*~>`, 3, 199)],
    }),
    {},
  ],
  [
    'a replacement between partners with EDI ids of their own (DUNS, phone) at the last control number',
    sample(),
    {
      control: 999_999_999,
      purpose: PURPOSE.replace,
      sender: { qualifier: '01', id: '123456789' },
      receiver: { qualifier: '12', id: '2145550134' },
    },
  ],
  [
    'a mutually defined id of the full 15 characters',
    sample(),
    { control: 1, receiver: { qualifier: 'ZZ', id: 'QUICKSTOP-00004' } },
  ],
];

describe('the 810 against the X12 004010 element dictionary', () => {
  for (const [name, doc, issue] of variants) {
    it(`${name}: every element within its type, length and codes`, () => {
      expect(violations(cstore810(doc, firstIssue(doc, issue)).toString('ascii'))).toEqual([]);
    });
  }

  it('the check itself refuses what a strict translator refuses', () => {
    expect(violations('GS*IN*1*7*20261103*0000*1*X*004010~')).toEqual([
      'GS02 (142) "1": length 1, 2–15 allowed',
      'GS03 (124) "7": length 1, 2–15 allowed',
    ]);
    expect(violations('N1*ST*Store*91*7~')).toEqual(['N104 (67) "7": length 1, 2–80 allowed']);
    expect(violations('BIG*2026113*1~')).toEqual(['BIG01 (373) "2026113": not DT']);
  });
});
