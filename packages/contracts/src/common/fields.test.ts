import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  changesSomething,
  dollars,
  fitsMoneyColumn,
  hasLoneSurrogate,
  hasNul,
  id,
  idOrZero,
  idParams,
  invoiceUpdateInput,
  issueText,
  listFilterSchema,
  MAX_CENTS,
  MAX_DOLLARS,
  MAX_INT,
  nonNegativeDollars,
  paymentInput,
  paymentUpdateInput,
  positiveDollars,
  text,
  updateUserBody,
} from '../index.js';

const first = (schema: z.ZodType, value: unknown) => {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? issueText(issue.path, issue.message) : undefined;
};

describe('text()', () => {
  it('refuses NUL characters anywhere', () => {
    expect(first(z.object({ name: text() }), { name: 'a\u0000b' })).toBe('name must not contain NUL characters');
    expect(first(text(), '\u0000')).toBe('must not contain NUL characters');
    expect(hasNul('abc')).toBe(false);
  });

  it('refuses a high or a low surrogate on its own, and keeps a pair (an emoji)', () => {
    for (const lone of ['\ud800', 'a\ud83d', '\udc00b', 'x\udfffy', '\ude00\ud83d']) {
      expect(hasLoneSurrogate(lone), JSON.stringify(lone)).toBe(true);
      expect(first(z.object({ name: text() }), { name: lone })).toBe(
        'name must not contain unpaired UTF-16 surrogates',
      );
    }
    expect(hasLoneSurrogate('Smile 😀')).toBe(false);
    expect(text().parse('Smile 😀')).toBe('Smile 😀');
  });

  it('chains trim, min and max, checking the text as sent', () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse('  abc ')).toBe('abc');
    expect(first(name, 'abcdefg')).toBe('must be at most 5 characters');
    expect(first(name, ' \u0000 ')).toBe('must not contain NUL characters');
  });
});

describe('id()', () => {
  it('takes 1 to 2^31 − 1, the id columns', () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse(MAX_INT)).toBe(2_147_483_647);
    expect(first(id(), 2 ** 31)).toBe('must be a number ≤ 2147483647');
    expect(first(id(), 2 ** 53 + 1)).toBe('must be a number ≤ 2147483647');
    expect(first(id(), 1e20)).toBe('must be a number ≤ 2147483647');
    expect(first(id(), 0)).toBe('must be a number ≥ 1');
    expect(first(id(), 1.5)).toBe('must be a number');
    expect(idOrZero().parse(0)).toBe(0);
  });

  it('bounds the :id path parameter the same way', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(first(idParams, { id: '2147483648' })).toBe('id must be a number ≤ 2147483647');
    expect(first(idParams, { id: '9007199254740993' })).toBe('id must be a number ≤ 2147483647');
    expect(first(idParams, { id: '\u0000' })).toBe('id must be a number');
    expect(first(idParams, { id: '-1' })).toBe('id must be a number ≥ 1');
  });
});

describe('money', () => {
  it('fits a 32-bit column of cents: at most $21,474,836.47 either way', () => {
    expect(MAX_CENTS).toBe(2 ** 31 - 1);
    expect(MAX_DOLLARS).toBe(21_474_836.47);
    expect(fitsMoneyColumn(MAX_CENTS)).toBe(true);
    expect(fitsMoneyColumn(-MAX_CENTS - 1)).toBe(true);
    expect(fitsMoneyColumn(MAX_CENTS + 1)).toBe(false);
    expect(fitsMoneyColumn(-MAX_CENTS - 2)).toBe(false);
    expect(fitsMoneyColumn(1.5)).toBe(false);
  });

  it('refuses amounts beyond it on the wire', () => {
    for (const schema of [dollars(), nonNegativeDollars(), positiveDollars()]) {
      expect(schema.parse(21_474_836.47)).toBe(21_474_836.47);
      for (const v of [21_474_836.48, 2 ** 53 + 1, 1e20])
        expect(first(schema, v)).toBe('must be a number ≤ 21474836.47');
    }
    expect(first(dollars(), -21_474_836.48)).toBe('must be a number ≥ -21474836.47');
    expect(first(positiveDollars(), 0)).toBe('must be more than 0');
  });

  it('refuses negative payments of either kind, new or changed', () => {
    const pay = { invoiceID: 1, date: '2026-11-20', paymentType: 'cash' };
    expect(first(paymentInput, { ...pay, amountPaid: -5 })).toBe('amountPaid must be a number ≥ 0');
    expect(first(paymentUpdateInput, { id: 1, amountPaid: -0.01 })).toBe('amountPaid must be a number ≥ 0');
    expect(paymentInput.parse({ ...pay, amountPaid: 0, discountRedeemed: 2 }).amountPaid).toBe(0);
  });
});

describe('lists', () => {
  it('bound currentPage so the OFFSET stays exact', () => {
    expect(first(listFilterSchema, { currentPage: 2 ** 53 - 1 })).toBe('currentPage must be a number ≤ 1000000');
    expect(listFilterSchema.parse({ currentPage: 1_000_000 }).currentPage).toBe(1_000_000);
  });

  it('check the search and the sort column as text', () => {
    expect(first(listFilterSchema, { searchQuery: 'a\u0000' })).toBe('searchQuery must not contain NUL characters');
    expect(first(listFilterSchema, { sortingList: [{ column: '\ud800', order: 'asc' }] })).toBe(
      'sortingList.0.column must not contain unpaired UTF-16 surrogates',
    );
  });
});

describe('updates', () => {
  it('must change something besides the id', () => {
    expect(changesSomething({ id: 1 })).toBe(false);
    expect(changesSomething({ id: 1, notes: undefined })).toBe(false);
    expect(changesSomething({ id: 1, notes: '' })).toBe(true);
    expect(first(invoiceUpdateInput, { id: 1 })).toBe('must hold at least one field to change besides id');
    expect(first(updateUserBody, { id: 2 })).toBe('must hold at least one field to change besides id');
    // The credit-limit confirmation and a blank password (keep it) change nothing either.
    expect(changesSomething({ id: 1, confirmCreditLimit: true })).toBe(false);
    expect(first(invoiceUpdateInput, { id: 1, confirmCreditLimit: true })).toBe(
      'must hold at least one field to change besides id',
    );
    expect(first(updateUserBody, { id: 2, password: '' })).toBe('must hold at least one field to change besides id');
    expect(updateUserBody.parse({ id: 2, password: '', email: '' })).toEqual({ id: 2, password: '', email: '' });
    expect(invoiceUpdateInput.parse({ id: 1, status: 'DUE' })).toEqual({ id: 1, status: 'DUE' });
  });
});
