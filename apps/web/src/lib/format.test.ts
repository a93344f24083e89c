import { todayIn } from '@wd/contracts';
import { describe, expect, it } from 'vitest';
import { businessToday, setBusinessTimeZone } from './format';

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
