import { formatDate, MONTHS, type SortItem } from '@wd/contracts';

export interface ReportFilterState {
  extra: Record<string, string>;
  search: string;
  sort: SortItem | null;
}

/**
 * The filter of a printed report in words ("Month: March", "Status: DUE",
 * "Sorted by Total Profit, descending"), as the request applies it: a year
 * that is not four digits is not sent, so it is not named. `statusShown`
 * false: the report has no status filter, so none is named.
 */
export function filterWords(
  { extra, search, sort }: ReportFilterState,
  titles: Record<string, string>,
  statusShown: boolean,
): string[] {
  const words: string[] = [];
  if (extra.startDate && extra.endDate)
    words.push(`From ${formatDate(extra.startDate)} to ${formatDate(extra.endDate)}`);
  else if (extra.startDate) words.push(`From ${formatDate(extra.startDate)}`);
  else if (extra.endDate) words.push(`Up to ${formatDate(extra.endDate)}`);
  const month = MONTHS[Number(extra.month) - 1];
  if (month) words.push(`Month: ${month}`);
  if (/^\d{4}$/.test(extra.year ?? '')) words.push(`Year: ${extra.year}`);
  if (words.length === 0) words.push('All dates');
  if (statusShown) words.push(`Status: ${extra.status || 'All'}`);
  words.push(...listWords({ search, sort }, titles));
  return words;
}

/** The search and sort of a printed list in words (lists without the reports' period filters). */
export function listWords(
  { search, sort }: Pick<ReportFilterState, 'search' | 'sort'>,
  titles: Record<string, string>,
) {
  const words: string[] = [];
  if (search) words.push(`Search: “${search}”`);
  if (sort)
    words.push(`Sorted by ${titles[sort.column] ?? sort.column}, ${sort.order === 'asc' ? 'ascending' : 'descending'}`);
  return words;
}
