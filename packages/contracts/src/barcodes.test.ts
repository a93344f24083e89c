import { describe, expect, it } from 'vitest';
import { LABELS_PER_SHEET, labelNameLines, labelSheets } from './rules/barcode-labels.js';

describe('label sheets', () => {
  it('repeats items by quantity and breaks after every 114 labels', () => {
    const sheets = labelSheets([
      { id: 1, quantity: 100 },
      { id: 2, quantity: 20 },
      { id: 3, quantity: 0 },
    ]);
    expect(LABELS_PER_SHEET).toBe(114);
    expect(sheets.map((s) => s.length)).toEqual([114, 6]);
    expect(sheets[0].at(-1)?.id).toBe(2);
  });

  it('prints nothing for quantities below 1', () => {
    expect(labelSheets([{ quantity: 0 }, { quantity: -2 }])).toEqual([]);
  });

  it('splits the name into 21 and 22–45 characters', () => {
    const name = 'Coca-Cola Classic 20oz Bottle 24 Pack Case of Four';
    expect(labelNameLines(name)).toEqual(['Coca-Cola Classic 20o', 'z Bottle 24 Pack Case of']);
    expect(labelNameLines('Short name')).toEqual(['Short name', '']);
  });
});
