import { describe, expect, it } from 'vitest';
import type { MenuSection } from '../lib/route-types';
import {
  currentSection,
  enterSection,
  isSectionOpen,
  readChoices,
  SIDE_MENU_STORAGE_KEY,
  writeChoices,
} from './side-menu';

const sections: MenuSection[] = [
  { label: 'Dashboard', entries: [{ label: 'Dashboard', to: '/' }] },
  {
    label: 'Invoices',
    entries: [
      { label: 'All Invoices', to: '/invoices' },
      { label: 'New Consignment', to: '/invoices/consignment/new' },
    ],
  },
  { label: 'Reports', entries: [{ label: 'Aging', to: '/reports/aging' }] },
  { label: 'Consignment', entries: [{ label: 'Consignment stock', to: '/invoices/consignment' }] },
];

describe('currentSection', () => {
  it('finds the section of an entry and of the pages below it', () => {
    expect(currentSection(sections, '/invoices')).toBe('Invoices');
    expect(currentSection(sections, '/invoices/')).toBe('Invoices');
    expect(currentSection(sections, '/invoices/edit/12')).toBe('Invoices');
    expect(currentSection(sections, '/reports/aging')).toBe('Reports');
    expect(currentSection(sections, '/')).toBe('Dashboard');
  });
  it('prefers the longest match and does not match a mere prefix of a word', () => {
    expect(currentSection(sections, '/invoices/consignment/new')).toBe('Invoices');
    expect(currentSection(sections, '/invoices/consignment/5')).toBe('Consignment');
    expect(currentSection(sections, '/invoicesX')).toBeUndefined();
    expect(currentSection(sections, '/changePassword')).toBeUndefined();
  });
});

describe('opened sections', () => {
  it('only the current section is open until the user chooses', () => {
    expect(isSectionOpen('Invoices', {}, 'Invoices')).toBe(true);
    expect(isSectionOpen('Reports', {}, 'Invoices')).toBe(false);
    expect(isSectionOpen('Reports', { Reports: true }, 'Invoices')).toBe(true);
    expect(isSectionOpen('Invoices', { Invoices: false }, 'Invoices')).toBe(false);
  });
  it('a closed section opens again when one of its pages is shown; other choices stay', () => {
    expect(enterSection({ Invoices: false, Reports: true }, 'Invoices')).toEqual({ Reports: true });
    const same = { Reports: true };
    expect(enterSection(same, 'Invoices')).toBe(same);
    expect(enterSection(same, undefined)).toBe(same);
  });
});

describe('stored choices', () => {
  it('round-trips through storage and ignores what is not a choice', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    writeChoices(storage, { Reports: true, Invoices: false });
    expect(readChoices(storage)).toEqual({ Reports: true, Invoices: false });
    store.set(SIDE_MENU_STORAGE_KEY, '{"Reports":true,"Users":"yes"}');
    expect(readChoices(storage)).toEqual({ Reports: true });
    store.set(SIDE_MENU_STORAGE_KEY, 'not json');
    expect(readChoices(storage)).toEqual({});
    store.set(SIDE_MENU_STORAGE_KEY, '[true]');
    expect(readChoices(storage)).toEqual({});
    expect(readChoices(undefined)).toEqual({});
  });
  it('a storage that refuses writes is not an error', () => {
    const storage = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeChoices(storage, { Reports: true })).not.toThrow();
  });
});
