import { Badge, Text } from '@mantine/core';
import { formatDate, type NumberBlock } from '@wd/contracts';
import { ListPage } from '../../../components/list/ListPage';
import { allNumberBlocks, useReleaseBlock } from '../api';

/** 1201, 1202, …, 1250 → "1201–1250"; numbers with gaps are listed. */
export function numberRanges(numbers: number[]): string {
  const parts: string[] = [];
  let start = numbers[0];
  for (let i = 1; i <= numbers.length; i++) {
    if (numbers[i] !== numbers[i - 1] + 1) {
      const end = numbers[i - 1];
      parts.push(start === end ? String(start) : `${start}–${end}`);
      start = numbers[i];
    }
  }
  return parts.join(', ');
}

/** Invoice number blocks of the drivers' devices: which numbers, how many used, open or released. */
export default function NumberBlocksPage() {
  const release = useReleaseBlock();
  return (
    <ListPage<NumberBlock>
      title="Number Blocks"
      source={allNumberBlocks}
      searchPlaceholder="Driver or device"
      columns={[
        { key: 'day', title: 'Day', sortable: true, render: (b) => formatDate(b.day) },
        { key: 'user', title: 'Driver', sortable: true },
        {
          key: 'deviceID',
          title: 'Device',
          render: (b) => (
            <Text size="xs" ff="monospace">
              {b.deviceID}
            </Text>
          ),
        },
        { key: 'numbers', title: 'Numbers', render: (b) => numberRanges(b.numbers) },
        { key: 'used', title: 'Used', align: 'right', render: (b) => b.used.length },
        {
          key: 'unused',
          title: 'Unused',
          align: 'right',
          render: (b) => b.numbers.length - b.used.length,
        },
        {
          key: 'status',
          title: 'Status',
          render: (b) =>
            b.releasedAt ? (
              <Badge color="gray" variant="light">
                Released{b.numbers.length > b.used.length ? ' (unused void)' : ''}
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                Open
              </Badge>
            ),
        },
      ]}
      rowActions={(b) => [
        {
          label: 'Release',
          color: 'red',
          hidden: b.releasedAt !== null,
          confirm: {
            title: 'Release this block?',
            message: `${b.numbers.length - b.used.length} unused numbers of ${b.user}'s device become void; the device takes a new block next time it is online.`,
          },
          run: () => release.mutateAsync(b.id),
        },
      ]}
    />
  );
}
