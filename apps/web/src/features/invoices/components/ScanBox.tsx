import { Button, CloseButton, Group, Loader, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { formatMoney, type Product } from '@wd/contracts';
import { useRef, useState } from 'react';
import { playScanSound, scanSoundsOn, setScanSounds } from '../../../lib/scan-sound';
import type { ScanLookup, ScanMiss } from '../hooks/useInvoiceEditor';
import { type ScanFailure, useScanQueue } from '../hooks/useScanQueue';

/** The scan box's element id: other parts of the invoice screen give it the focus back. */
export const SCAN_BOX_ID = 'invoice-scan-box';

/**
 * Puts the cursor back in the scan box (after a customer, biller or quantity change), when it is
 * there, without scrolling: on a long invoice the clerk keeps seeing the line just changed, and the
 * next scan lands at the end of the lines, where the clerk is.
 */
export function focusScanBox() {
  requestAnimationFrame(() => document.getElementById(SCAN_BOX_ID)?.focus({ preventScroll: true }));
}

/**
 * The scan box, built for a USB barcode scanner: it types the code and Enter,
 * scan after scan with no pause. Enter clears the box at once and queues the
 * scan; the queue sends them in order while the box takes the next one. A scan
 * that adds nothing stays below with its text: the products it could mean to
 * pick from, or why it failed.
 */
export function ScanBox({
  onScan,
  disabled,
}: {
  onScan(lookup: ScanLookup): Promise<ScanMiss | null>;
  disabled?: boolean;
}) {
  const queue = useScanQueue(onScan, playScanSound);
  const input = useRef<HTMLInputElement>(null);
  const refocus = () => input.current?.focus();
  const [sounds, setSounds] = useState(scanSoundsOn);

  return (
    <Stack gap={6}>
      <TextInput
        ref={input}
        id={SCAN_BOX_ID}
        label="Scan or type a barcode or product name"
        placeholder="Scan, or type and press Enter"
        autoFocus
        disabled={disabled}
        data-testid="scan-box"
        rightSection={queue.pending > 0 ? <Loader size="xs" /> : null}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const text = e.currentTarget.value.trim();
          e.currentTarget.value = '';
          if (text) queue.scan(text);
        }}
      />
      <Switch
        size="xs"
        label="Scan sounds"
        checked={sounds}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          setScanSounds(on);
          setSounds(on);
          refocus();
        }}
      />
      {queue.pending > 0 && (
        <Text fz="xs" c="dimmed" data-testid="scan-pending" aria-live="polite">
          Adding {queue.pending} {queue.pending === 1 ? 'scan' : 'scans'}…
        </Text>
      )}
      {queue.failures.map((failure) => (
        <FailedScan
          key={failure.key}
          failure={failure}
          onPick={(p) => {
            queue.pick(failure, p);
            refocus();
          }}
          onRetry={() => {
            queue.retry(failure);
            refocus();
          }}
          onDismiss={() => {
            queue.dismiss(failure.key);
            refocus();
          }}
        />
      ))}
    </Stack>
  );
}

/** One scan that added nothing: several matches are a choice; none (or an error) is a message. */
function FailedScan({
  failure,
  onPick,
  onRetry,
  onDismiss,
}: {
  failure: ScanFailure;
  onPick(product: Product): void;
  onRetry(): void;
  onDismiss(): void;
}) {
  const choice = failure.matches.length > 0;
  return (
    <Paper withBorder p="xs" data-testid="scan-failure" bg={choice ? undefined : 'var(--mantine-color-red-light)'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          {choice ? (
            <Text fz="sm">
              “{failure.text}” matches {failure.matches.length === 1 ? 'a product' : 'several products'}. Pick the
              product:
            </Text>
          ) : (
            <Text fz="sm" c="red">
              {!failure.message.includes(failure.text) && <b>{failure.text}: </b>}
              {failure.message}
            </Text>
          )}
          <Group gap={6}>
            {failure.matches.map((p) => (
              <Button key={p.id} size="compact-sm" variant="light" onClick={() => onPick(p)}>
                {p.name} · {p.barcode} · {formatMoney(p.sellingPrice)}
              </Button>
            ))}
            {failure.retry && (
              <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
                Try again
              </Button>
            )}
          </Group>
        </Stack>
        <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} />
      </Group>
    </Paper>
  );
}
