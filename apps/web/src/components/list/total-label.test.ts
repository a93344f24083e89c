import { describe, expect, it } from 'vitest';
import { grandTotalLabel } from './total-label';

describe('grandTotalLabel', () => {
  it('says the total is over every matching row, with their count', () => {
    expect(grandTotalLabel(1234, 'invoice')).toBe('Total (all 1,234 invoices)');
    expect(grandTotalLabel(2, 'supplier invoice')).toBe('Total (all 2 supplier invoices)');
  });

  it('names one row in the singular, and rows when the list does not say what they are', () => {
    expect(grandTotalLabel(1, 'customer')).toBe('Total (1 customer)');
    expect(grandTotalLabel(40)).toBe('Total (all 40 rows)');
  });
});
