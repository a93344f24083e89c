import { parseDate } from '@wd/contracts';

/** A money cell's digits as a plain decimal ("1234.5") and its sign, or undefined when it is not money. */
function moneyDigits(text: string): { negative: boolean; digits: string } | undefined {
  let t = text.replace(/[\s\u00a0]/g, '');
  const parenthesised = t.startsWith('(') && t.endsWith(')');
  if (!parenthesised && (t.startsWith('(') || t.endsWith(')'))) return undefined;
  const negative = t.startsWith('-') || parenthesised;
  t = parenthesised ? t.slice(1, -1) : t.replace(/^-/, '');
  t = t.replace(/^\$/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return undefined;
  return { negative, digits: t };
}

/**
 * A money cell as a number of dollars, as spreadsheets write them: 12.5,
 * $12.50, 1,234.56, 1 234,56 or 12,50 (a decimal comma). Anything else is
 * passed on as text, which the form's contract refuses ("must be a number").
 */
export function moneyCell(text: string): number | string {
  const money = moneyDigits(text);
  if (!money) return text;
  const value = Number(money.digits);
  return money.negative ? -value : value;
}

/**
 * A money cell with more than two decimals (a supplier's cost of 1.005) rounded half up to the
 * cent, by its digits (never by floating point: 1.005 is 1.01): the value, and the rounding said
 * as "1.005 rounded to 1.01" when there was one.
 */
export function centsCell(text: string): { value: number | string; rounded?: string } {
  const money = moneyDigits(text);
  if (!money) return { value: text };
  const [whole = '', fraction = ''] = money.digits.split('.');
  if (fraction.length <= 2) return { value: moneyCell(text) };
  let cents = BigInt(whole || '0') * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2]) >= 5) cents += 1n;
  const abs = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const shown = `${money.negative ? '-' : ''}${abs}`;
  return { value: Number(shown), rounded: `${text.trim()} rounded to ${shown}` };
}

/** A whole-number cell ("12", "1,000"); anything else passed on as text for the contract to refuse. */
export function wholeCell(text: string): number | string {
  // 1,000 is a thousand; 1,5 or 1.000 (a European thousand) is not read as a number.
  const t = /^-?\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  return /^-?\d+(\.0+)?$/.test(t) && !/^-?\d{1,3}\.000$/.test(t) ? Number(t) : text;
}

/** A date cell: YYYY-MM-DD, MM/DD/YYYY or MM-DD-YYYY, as YYYY-MM-DD; anything else passed on as text. */
export function dateCell(text: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (us) return parseDate(`${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}-${us[3]}`) ?? text;
  return text;
}
