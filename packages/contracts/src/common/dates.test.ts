import { describe, expect, it } from 'vitest';
import { addDays, dayEndIn, daysBetween, formatDate, monthRange, parseDate, todayIn, yearRange } from '../index.js';

describe('formatDate', () => {
  it('shows YYYY-MM-DD as MM-DD-YYYY', () => {
    expect(formatDate('2026-01-31')).toBe('01-31-2026');
    expect(formatDate('2026-11-02T10:00:00Z')).toBe('11-02-2026');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('parseDate', () => {
  it('reads MM-DD-YYYY and MM/DD/YYYY as YYYY-MM-DD', () => {
    expect(parseDate('11-03-2026')).toBe('2026-11-03');
    expect(parseDate(' 02/29/2028 ')).toBe('2028-02-29');
    expect(parseDate(formatDate('2026-01-31'))).toBe('2026-01-31');
  });
  it('rejects impossible days and other shapes', () => {
    expect(parseDate('02-30-2026')).toBeNull();
    expect(parseDate('02-29-2026')).toBeNull();
    expect(parseDate('13-01-2026')).toBeNull();
    expect(parseDate('00-10-2026')).toBeNull();
    expect(parseDate('2026-11-03')).toBeNull();
    expect(parseDate('1-3-2026')).toBeNull();
    expect(parseDate('11-03-202')).toBeNull();
    expect(parseDate('')).toBeNull();
  });
});

describe('todayIn', () => {
  it("uses the business's time zone, not UTC", () => {
    const lateEvening = new Date('2026-03-01T03:30:00Z'); // 21:30 on Feb 28 in Chicago
    expect(todayIn('America/Chicago', lateEvening)).toBe('2026-02-28');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-01');
  });
});

describe('date arithmetic', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2025-11-22', '2026-11-22')).toBe(365);
  });
});

describe('period ranges', () => {
  it('a month runs to the first day of the next one', () => {
    expect(monthRange(2026, 2)).toEqual({ from: '2026-02-01', until: '2026-03-01' });
    expect(monthRange(2024, 2)).toEqual({ from: '2024-02-01', until: '2024-03-01' });
  });
  it('December runs into January of the next year', () => {
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01', until: '2027-01-01' });
  });
  it('a year is January 1st to January 1st', () => {
    expect(yearRange(1999)).toEqual({ from: '1999-01-01', until: '2000-01-01' });
  });
});

describe('dayEndIn', () => {
  it('is the first instant of the next date in the zone, on a day of 23 or 25 hours too', () => {
    // Chicago moves its clocks on 8 March and 1 November 2026: each day still ends at midnight there.
    expect(new Date(dayEndIn('America/Chicago', new Date('2026-03-08T07:00:00Z'))).toISOString()).toBe(
      '2026-03-09T05:00:00.000Z',
    );
    expect(new Date(dayEndIn('America/Chicago', new Date('2026-11-01T05:30:00Z'))).toISOString()).toBe(
      '2026-11-02T06:00:00.000Z',
    );
    // A millisecond before the end is still the same date.
    expect(new Date(dayEndIn('UTC', new Date('2026-11-25T23:59:59.999Z'))).toISOString()).toBe(
      '2026-11-26T00:00:00.000Z',
    );
    expect(new Date(dayEndIn('Pacific/Kiritimati', new Date('2026-11-25T12:00:00Z'))).toISOString()).toBe(
      '2026-11-26T10:00:00.000Z',
    );
  });
});
