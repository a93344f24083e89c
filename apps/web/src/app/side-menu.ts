import type { MenuSection } from '../lib/route-types';

/** Where the side menu keeps which sections the user opened or closed (per browser). */
export const SIDE_MENU_STORAGE_KEY = 'wd.sideMenu';

/** The user's own choices: a section's label → opened (true) or closed (false). Sections not named follow the default. */
export type SectionChoices = Record<string, boolean>;

/** The section holding the page shown: the one whose entry matches the path longest (an entry or a page below it). */
export function currentSection(sections: readonly MenuSection[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { label: string; length: number } | undefined;
  for (const section of sections) {
    for (const entry of section.entries) {
      const to = entry.to.replace(/\/+$/, '') || '/';
      const matches = to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
      if (matches && (!best || to.length > best.length)) best = { label: section.label, length: to.length };
    }
  }
  return best?.label;
}

/** Open when the user opened it; otherwise only the current section is open. */
export function isSectionOpen(label: string, choices: SectionChoices, current: string | undefined): boolean {
  return choices[label] ?? label === current;
}

/** The choices after entering a section: a section the user had closed opens again when one of its pages is shown. */
export function enterSection(choices: SectionChoices, current: string | undefined): SectionChoices {
  if (!current || choices[current] !== false) return choices;
  const { [current]: _closed, ...rest } = choices;
  return rest;
}

/** Reads the stored choices; anything unreadable counts as no choice made. */
export function readChoices(storage: Pick<Storage, 'getItem'> | undefined): SectionChoices {
  try {
    const value: unknown = JSON.parse(storage?.getItem(SIDE_MENU_STORAGE_KEY) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, open]) => typeof open === 'boolean')) as SectionChoices;
  } catch {
    return {};
  }
}

export function writeChoices(storage: Pick<Storage, 'setItem'> | undefined, choices: SectionChoices) {
  try {
    storage?.setItem(SIDE_MENU_STORAGE_KEY, JSON.stringify(choices));
  } catch {
    // Private browsing or a full storage: the menu still works, it only forgets on reload.
  }
}
