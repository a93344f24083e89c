import { todayIn } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { businessToday, formatCount, setBusinessTimeZone } from './format';

describe('businessToday', () => {
  it("is the date in the business's zone once the server named it, whatever the browser's zone", () => {
    // Kiritimati (UTC+14) and UTC−12 are 26 hours apart: never the same date.
    setBusinessTimeZone('Pacific/Kiritimati');
    const ahead = businessToday();
    expect(ahead).toBe(todayIn('Pacific/Kiritimati'));
    setBusinessTimeZone('Etc/GMT+12');
    expect(businessToday()).toBe(todayIn('Etc/GMT+12'));
    expect(businessToday()).not.toBe(ahead);
  });
});

describe("businessToday from the server's answer", () => {
  it('is the date the server said until it ends, then the date worked out in the zone', () => {
    // A date no clock shows today: only the answer could have said it.
    setBusinessTimeZone('America/Chicago', '2031-01-02', new Date(Date.now() + 60_000).toISOString());
    expect(businessToday()).toBe('2031-01-02');
    setBusinessTimeZone('America/Chicago', '2031-01-02', new Date(Date.now() - 1).toISOString());
    expect(businessToday()).toBe(todayIn('America/Chicago'));
  });
});

describe('formatCount', () => {
  it('shows whole numbers with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(undefined)).toBe('0');
    expect(formatCount(1234567.4)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
    expect(formatCount(999)).toBe('999');
  });
});
