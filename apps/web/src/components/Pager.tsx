import { Button, Group, Text } from '@mantine/core';
import { formatCount } from '../lib/format';
import { pageWindow } from '../lib/paging';

interface PagerProps {
  page: number;
  numPages: number;
  onPage(page: number): void;
  /** How many page buttons (the settings' Pages Displayed). */
  count?: number;
}

/** first, previous, `count` page buttons (5), next, last. */
export function Pager({ page, numPages, onPage, count = 5 }: PagerProps) {
  const total = Math.max(1, numPages);
  const nav = (label: string, target: number, disabled: boolean, aria: string) => (
    <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => onPage(target)} aria-label={aria}>
      {label}
    </Button>
  );
  return (
    <Group gap={4} component="nav" aria-label="Pagination">
      {nav('«', 1, page <= 1, 'First page')}
      {nav('‹', page - 1, page <= 1, 'Previous page')}
      {pageWindow(page, total, count).map((p) => (
        <Button
          key={p}
          size="compact-sm"
          variant={p === page ? 'filled' : 'default'}
          onClick={() => onPage(p)}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Page ${p}`}
        >
          {p}
        </Button>
      ))}
      {nav('›', page + 1, page >= total, 'Next page')}
      {nav('»', total, page >= total, 'Last page')}
    </Group>
  );
}

/** "Showing 10 of 2,659,442 results": counts grouped by thousands, as every other count on screen. */
export function ShowingText({ shown, total }: { shown: number; total: number }) {
  return (
    <Text size="sm" c="dimmed">
      Showing {formatCount(shown)} of {formatCount(total)} results
    </Text>
  );
}
