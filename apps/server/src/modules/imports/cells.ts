import { parseDate } from '@wd/contracts';

/**
 * A money cell as a number of dollars, as spreadsheets write them: 12.5,
 * $12.50, 1,234.56, 1 234,56 or 12,50 (a decimal comma). Anything else is
 * passed on as text, which the form's contract refuses ("must be a number").
 * Two decimals at most is the contract's rule too: 1.005 is refused, not rounded.
 */
export function moneyCell(text: string): number | string {
  let t = text.replace(/[\s\u00a0]/g, '');
  const parenthesised = t.startsWith('(') && t.endsWith(')');
  if (!parenthesised && (t.startsWith('(') || t.endsWith(')'))) return text;
  const negative = t.startsWith('-') || parenthesised;
  t = parenthesised ? t.slice(1, -1) : t.replace(/^-/, '');
  t = t.replace(/^\$/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(t)) t = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(t)) t = t.replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(t)) return text;
  const value = Number(t);
  return negative ? -value : value;
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
