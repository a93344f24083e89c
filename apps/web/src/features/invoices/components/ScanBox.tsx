import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Product } from '@wd/contracts';
import { useRef, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import type { ScanLookup, ScanMiss } from '../hooks/useInvoiceEditor';

/**
 * The scan box, built for a USB barcode scanner: it types the code and Enter.
 * One match is added at once and the box clears, keeping focus for the next
 * scan; none or several list what matches instead.
 */
export function ScanBox({
  onScan,
  disabled,
}: {
  onScan(lookup: ScanLookup): Promise<ScanMiss | null>;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [matches, setMatches] = useState<Product[]>([]);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const add = async (lookup: ScanLookup) => {
    setBusy(true);
    setMessage(null);
    setMatches([]);
    try {
      const miss = await onScan(lookup);
      if (miss) {
        setMessage(miss.message);
        setMatches(miss.matches);
      } else setText('');
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <Stack gap={6}>
      <TextInput
        ref={input}
        label="Scan or type a barcode or product name"
        placeholder="Scan, or type and press Enter"
        value={text}
        autoFocus
        disabled={disabled}
        data-testid="scan-box"
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim() && !busy) {
            e.preventDefault();
            void add({ lookup: text.trim() });
          }
        }}
        error={message}
      />
      {matches.length > 0 && (
        <Paper withBorder p="xs">
          <Text fz="xs" c="dimmed" mb={4}>
            Pick the product:
          </Text>
          <Group gap={6}>
            {matches.map((p) => (
              <Button key={p.id} size="compact-sm" variant="light" onClick={() => add({ productID: p.id })}>
                {p.name} · {p.barcode} · {formatMoney(p.sellingPrice)}
              </Button>
            ))}
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
