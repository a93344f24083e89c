import { expect, type Page, test } from '@playwright/test';
import { menuLink } from './menu';
import { signIn } from './support';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/pw-side-menu';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Side menu' });
const section = (page: Page, label: string) => menu(page).getByRole('button', { name: label, exact: true });

/** The menu's own height against what it shows: no scrolling needed when it fits. */
async function menuFits(page: Page) {
  return menu(page).evaluate((nav) => {
    const viewport = nav.querySelector('.mantine-ScrollArea-viewport') ?? nav;
    return {
      fits: viewport.scrollHeight <= viewport.clientHeight + 1,
      bottom: nav.getBoundingClientRect().bottom,
      content: viewport.scrollHeight,
      shown: viewport.clientHeight,
    };
  });
}

test('the side menu folds into sections, keeps the current one open, remembers what was opened and fits 1280×800', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();

  // Only the current page's section is open at first: its entries show, other sections' do not.
  await expect(section(page, 'Invoices')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'All Invoices', exact: true })).toBeVisible();
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'Aging', exact: true })).toHaveCount(0);
  for (const label of ['Dashboard', 'Users', 'Products', 'Customers', 'Billers', 'Reports', 'Settings']) {
    await expect(section(page, label)).toBeInViewport();
  }
  const atStart = await menuFits(page);
  expect(atStart.fits, JSON.stringify(atStart)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/side-menu-invoices.png` });

  // Opening Reports shows its six entries (with two sections open the menu may scroll).
  await section(page, 'Reports').click();
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'Aging', exact: true })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Damaged Goods Report' })).toBeVisible();

  // A reload keeps it: Reports stays open because the user opened it, Invoices because it is current.
  await page.reload();
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 'Invoices')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'false');

  // The keyboard opens and closes a section (Enter and Space on its button).
  await section(page, 'Customers').focus();
  await page.keyboard.press('Enter');
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'New Customer', exact: true })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'New Customer', exact: true })).toHaveCount(0);

  // Going to a page of a closed section opens that section; closing Reports is remembered too.
  await section(page, 'Reports').click();
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'false');
  await (await menuLink(page, 'Customers', 'All Customers')).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'true');
  await page.goto('/customers/new');
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'New Customer', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'false');
  const onCustomers = await menuFits(page);
  expect(onCustomers.fits, JSON.stringify(onCustomers)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/side-menu-customers.png` });

  // The largest section as the current one (Reports, six entries) fits as well.
  await page.goto('/reports/aging');
  await expect(section(page, 'Reports')).toHaveAttribute('aria-expanded', 'true');
  // Customers stays open (the user opened it to reach All Customers) until it is closed.
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'true');
  await section(page, 'Customers').click();
  await expect(section(page, 'Customers')).toHaveAttribute('aria-expanded', 'false');
  await expect(menu(page).getByRole('link', { name: 'Aging', exact: true })).toHaveAttribute('aria-current', 'page');
  const onReports = await menuFits(page);
  expect(onReports.fits, JSON.stringify(onReports)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/side-menu-reports.png` });
});

test('on a phone the menu is drawn when the burger first opens it, and takes the clerk to a page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  // Not drawn at all until asked for: a phone's start does not build 17 sections it does not show.
  await expect(menu(page).getByRole('button')).toHaveCount(0);

  await page.getByRole('button', { name: 'Toggle menu' }).click();
  // Whole in view once the panel has slid in.
  await expect(section(page, 'Invoices')).toBeInViewport({ ratio: 1 });
  await expect(section(page, 'Invoices')).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page).getByRole('link', { name: 'All Invoices', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.screenshot({ path: `${SHOTS}/side-menu-phone.png` });
  await section(page, 'Customers').click();
  await menu(page).getByRole('link', { name: 'All Customers', exact: true }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  // Choosing a page closes the menu; the burger opens it again on the current section.
  await expect(section(page, 'Customers')).not.toBeInViewport();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu(page).getByRole('link', { name: 'All Customers', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});
