import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueText, listFilterSchema, signUpBody } from '../index.js';

const first = (schema: z.ZodType, value: unknown) => {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? issueText(issue.path, issue.message) : undefined;
};

describe('validation messages name the field', () => {
  it('for missing and mistyped values', () => {
    expect(first(z.object({ name: z.string() }), {})).toBe('name is required');
    expect(first(z.object({ price: z.number() }), { price: 'x' })).toBe('price must be a number');
  });

  it('for ranges and lengths', () => {
    expect(first(z.object({ sellingPrice: z.number().min(0) }), { sellingPrice: -1 })).toBe(
      'sellingPrice must be a number ≥ 0',
    );
    expect(first(signUpBody, { username: 'ab', email: '', password: 'long-enough' })).toBe(
      'username must be at least 3 characters',
    );
  });

  it('for enums and formats', () => {
    expect(first(signUpBody, { username: 'abc', email: '', password: 'long-enough', type: 'boss' })).toBe(
      'type must be one of user, admin',
    );
    expect(first(signUpBody, { username: 'abc', email: 'nope', password: 'long-enough' })).toBe(
      'email must be a valid e-mail address',
    );
  });

  it('for nested paths', () => {
    expect(first(listFilterSchema, { sortingList: [{ column: 'name', order: 'up' }] })).toBe(
      'sortingList.0.order must be one of asc, desc',
    );
  });
});

describe('list filter', () => {
  it('fills defaults', () => {
    expect(listFilterSchema.parse({})).toEqual({
      currentPage: 1,
      resultsPerPage: 10,
      searchQuery: '',
      sortingList: [],
    });
  });
  it('refuses page 0 and sizes over 100000', () => {
    expect(first(listFilterSchema, { currentPage: 0 })).toBe('currentPage must be a number ≥ 1');
    expect(first(listFilterSchema, { resultsPerPage: 100_001 })).toBe('resultsPerPage must be a number ≤ 100000');
  });
});
