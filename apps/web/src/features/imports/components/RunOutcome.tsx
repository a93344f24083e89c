import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { ImportEvent } from '@wd/contracts';
import type { ReactNode } from 'react';
import { ImportCounts } from './ImportCounts';

export type ProgressEvent = Extract<ImportEvent, { type: 'progress' }>;
export type DoneEvent = Extract<ImportEvent, { type: 'done' }>;

/** How a run ended: its result, or a failure where nothing was written or where that is not known. */
export type Outcome =
  | { kind: 'done'; result: DoneEvent }
  | { kind: 'failed'; message: string; written: 'nothing' | 'unknown' };

const number = (n: number) => n.toLocaleString('en-US');

/** "Checking rows… 1,200 / 10,000" or "Writing… 3,000 / 10,000" with its bar. */
export function RunProgress({ progress, running }: { progress: ProgressEvent; running: boolean }) {
  const percent = progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : running ? 0 : 100;
  const label = `${progress.phase === 'check' ? 'Checking rows…' : 'Writing…'} ${number(progress.done)} / ${number(progress.total)}`;
  return (
    <Stack gap={4} data-testid="import-progress">
      <Text fz="sm" aria-live="polite">
        {label}
      </Text>
      <Progress
        value={percent}
        size="lg"
        animated={running}
        color={progress.phase === 'check' ? 'blue' : 'green'}
        aria-label={label}
      />
    </Stack>
  );
}

/**
 * The end of a run, said exactly: what was written (counts and the server's
 * message), or that nothing was, or that it is not known.
 */
export function RunOutcome({ outcome, noun, actions }: { outcome: Outcome; noun: string; actions?: ReactNode }) {
  if (outcome.kind === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        title={outcome.written === 'nothing' ? 'Nothing was written' : 'The import may not have finished'}
        data-testid="import-outcome"
      >
        <Stack gap="xs">
          <Text fz="sm">{outcome.message}</Text>
          {outcome.written === 'unknown' && (
            <Text fz="sm">
              Its result never arrived, so whether {noun} were written is not known. Open the list to check before
              importing the file again.
            </Text>
          )}
          {actions}
        </Stack>
      </Alert>
    );
  }
  const { result } = outcome;
  const written = result.written;
  return (
    <Alert
      color={!written ? 'red' : result.refuse > 0 ? 'yellow' : 'green'}
      variant="light"
      title={!written ? 'Nothing was written' : 'Import finished'}
      data-testid="import-outcome"
    >
      <Stack gap="sm">
        {result.message && <Text fz="sm">{result.message}</Text>}
        <ImportCounts counts={result} past={written} />
        {actions}
      </Stack>
    </Alert>
  );
}
