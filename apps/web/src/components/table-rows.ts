/**
 * The controls a row may hold (its link, buttons, checkbox, the ⋯ menu): a click on one of them
 * does what the control does and never opens the row as well.
 */
const CONTROLS = [
  'a[href]',
  'button',
  'input',
  'select',
  'textarea',
  'label',
  '[role="button"]',
  '[role="checkbox"]',
  '[role="link"]',
  '[role="menu"]',
  '[role="menuitem"]',
].join(', ');

/**
 * Whether a click that landed on `target` opens `row`: it fell on the row's own cells, not on a
 * control in them, and it did not end a selection of the row's text (copying a name). A click in
 * something drawn elsewhere but belonging to the row (its ⋯ menu, a dialog) is not in the row.
 */
export function clickOpensRow(row: Element, target: EventTarget | null, selected = ''): boolean {
  if (!(target instanceof Element) || !row.contains(target)) return false;
  if (target.closest(CONTROLS)) return false;
  return selected.trim() === '';
}

/** The next row (`step` 1) or the previous one (-1) that takes focus, skipping rows that open nothing. */
export function siblingRow(row: Element, step: 1 | -1): HTMLElement | null {
  let next = step > 0 ? row.nextElementSibling : row.previousElementSibling;
  while (next && !next.hasAttribute('tabindex'))
    next = step > 0 ? next.nextElementSibling : next.previousElementSibling;
  return next as HTMLElement | null;
}
