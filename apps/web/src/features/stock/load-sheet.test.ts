import type { LoadSheet } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { loadLinesOf, loadUnits } from './load-sheet';

const sheet = {
  routeID: 1,
  route: 'North',
  truck: 'Truck 7',
  locationID: 3,
  driver: 'dave',
  date: '2026-11-26',
  weekday: 4,
  weeks: 4,
  from: '2026-10-29',
  to: '2026-11-25',
  stops: [],
  lines: [
    { productID: 1, product: 'Cola', barcode: '1', usual: 12, onTruck: 2, inWarehouse: 40, suggested: 10 },
    { productID: 2, product: 'Chips', barcode: '2', usual: 0, onTruck: 5, inWarehouse: 9, suggested: 0 },
  ],
} satisfies LoadSheet;

describe('the load sheet being edited', () => {
  it('starts each load at its suggestion', () => {
    expect(loadLinesOf(sheet).map((l) => l.load)).toEqual([10, 0]);
  });
  it('counts the units loaded, whole and never negative', () => {
    const lines = loadLinesOf(sheet);
    expect(loadUnits(lines)).toBe(10);
    expect(
      loadUnits([
        { ...lines[0], load: 3.7 },
        { ...lines[1], load: -4 },
      ]),
    ).toBe(3);
  });
});
