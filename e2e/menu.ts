import type { Page } from '@playwright/test';

/** The side menu's link `entry`, after opening its `section` when it is closed (sections collapse). */
export async function menuLink(page: Page, section: string, entry: string) {
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  const header = menu.getByRole('button', { name: section, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return menu.getByRole('link', { name: entry, exact: true });
}

/** Opens `entry` of the side menu's `section`. */
export async function openFromMenu(page: Page, section: string, entry: string) {
  await (await menuLink(page, section, entry)).click();
}
