/**
 * The office's keyboard shortcuts (docs/web.md, "Keyboard"): one list, read by
 * the handlers and by the help overlay (`?`), so the two cannot disagree.
 * Alt with a letter works while the cursor is in the scan box or any field.
 */
export const SHORTCUTS = {
  newInvoice: { keys: 'alt+N', label: 'Alt+N', what: 'New invoice', where: 'anywhere' },
  submit: { keys: 'alt+S', label: 'Alt+S', what: 'Submit the invoice', where: 'a draft invoice' },
  addPayment: { keys: 'alt+P', label: 'Alt+P', what: 'Add a payment', where: 'an invoice' },
  print: { keys: 'alt+I', label: 'Alt+I', what: 'Print the invoice', where: 'an invoice' },
  thermal: { keys: 'alt+T', label: 'Alt+T', what: 'Print on the 80 mm printer', where: 'an invoice' },
  help: { keys: '?', label: '?', what: 'This list of shortcuts', where: 'anywhere but a text field' },
} as const;

/** Typing in one of these is text, not a shortcut (`?` only). */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}
