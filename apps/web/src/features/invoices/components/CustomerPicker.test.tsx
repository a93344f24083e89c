import { WALK_IN_CUSTOMER } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { customerOptions } from './CustomerPicker';

const o = (value: number, label: string) => ({ value: String(value), label });
const labels = (options: { label: string }[]) => options.map((x) => x.label);

describe('customerOptions', () => {
  const found = [o(3, 'Corner Express Mart'), o(2, 'Express Mart #124'), o(1, 'Express Mart #12')];

  it('puts the same name first, then names that start with it, then the rest in the server order', () => {
    expect(labels(customerOptions(found, 'express mart #12'))).toEqual([
      'Express Mart #12',
      'Express Mart #124',
      'Corner Express Mart',
    ]);
  });

  it('offers the walk-in customer last when nothing is typed, first only when its name is typed', () => {
    expect(labels(customerOptions(found, '  ')).at(-1)).toBe(WALK_IN_CUSTOMER);
    expect(labels(customerOptions(found, 'express'))).not.toContain(WALK_IN_CUSTOMER);
    expect(labels(customerOptions(found, 'walk'))[0]).toBe(WALK_IN_CUSTOMER);
    // One letter is no request for it.
    expect(labels(customerOptions([], 'w'))).toEqual([]);
  });
});
