import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  type ImportEvent,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  MAX_UPLOAD_BYTES,
} from '@wd/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker } from 'react-router';
import { confirm } from '../../../components/confirm';
import { PageTitle } from '../../../components/PageTitle';
import { showAlert } from '../../../lib/alert';
import { ApiError, errorMessage, saveBlob } from '../../../lib/api-client';
import { downloadRefused, previewImport, useRunImport } from '../api';
import { ImportCounts } from '../components/ImportCounts';
import { ImportChoices, type Mode, type OnMatch, Section } from '../components/ImportSections';
import { MappingTable } from '../components/MappingTable';
import { PreviewTable } from '../components/PreviewTable';
import { type Outcome, type ProgressEvent, RunOutcome, RunProgress } from '../components/RunOutcome';

const WORDS: Record<ImportKind, { plural: string; singular: string; title: string; match: string }> = {
  products: {
    plural: 'products',
    singular: 'product',
    title: 'Import Products',
    match: 'When a row matches an existing product (same barcode)',
  },
  customers: {
    plural: 'customers',
    singular: 'customer',
    title: 'Import Customers',
    match: 'When a row matches an existing customer (same company and postal code)',
  },
};

/** Waiting after a change of the mapping or the options before the preview is asked again. */
const PREVIEW_DELAY_MS = 350;

const number = (n: number) => n.toLocaleString('en-US');
const rows = (n: number) => `${number(n)} ${n === 1 ? 'row' : 'rows'}`;

/** The answer on screen and the options it was made with: the import runs with exactly these. */
interface Previewed {
  answer: ImportPreview;
  options: ImportOptions & { mapping: ImportMapping };
}

/** Only the mapped fields, so a cleared Select is "not imported". */
function cleanMapping(mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, heading]) => heading));
}

/**
 * /import/products and /import/customers (admins, docs/import.md): choose a
 * CSV file, map its columns to the fields, see what each row would do, then
 * import it with a progress bar and the exact result.
 */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const words = WORDS[kind];
  const fields = IMPORT_FIELDS[kind];
  const run = useRunImport(kind);

  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [headings, setHeadings] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [onMatch, setOnMatch] = useState<OnMatch>('refuse');
  const [mode, setMode] = useState<Mode>('all');
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ProgressEvent | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [downloading, setDownloading] = useState(false);

  // The progress and the result come below the button: they are scrolled into sight when they appear.
  const runView = useRef<HTMLDivElement>(null);
  const hasProgress = progress !== null;
  useEffect(() => {
    if (hasProgress || outcome) runView.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [hasProgress, outcome]);

  const ask = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving the page while the import runs: the browser asks first.
  useEffect(() => {
    if (!running) return;
    const stay = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [running]);

  // Leaving for another screen while it runs: asked too (the import goes on, but its result would not be seen).
  const blocker = useBlocker(running);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: 'The import is still running',
      message: 'It goes on without this screen, but you will not see its result here. Leave anyway?',
      yes: 'Leave',
      no: 'Stay',
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  /** Asks the preview (after `delay`); only the latest question's answer is shown. */
  const askPreview = (f: File, options: ImportOptions, delay: number, keepOutcome = false) => {
    clearTimeout(timer.current);
    const id = ++ask.current;
    setPreviewing(true);
    if (!keepOutcome) {
      setOutcome(null);
      setProgress(null);
    }
    timer.current = setTimeout(async () => {
      try {
        const answer = await previewImport(kind, f, options);
        if (id !== ask.current) return;
        setHeadings(answer.headings);
        setMapping(answer.mapping);
        setPreviewed({ answer, options: { ...options, mapping: cleanMapping(answer.mapping) } });
        setPreviewError(null);
        setFileError(null);
      } catch (error) {
        if (id !== ask.current) return;
        setPreviewed(null);
        // Before the file's headings are known, the message belongs to the file.
        if (options.mapping) setPreviewError(errorMessage(error));
        else setFileError(errorMessage(error));
      } finally {
        if (id === ask.current) setPreviewing(false);
      }
    }, delay);
  };

  const choose = async (chosen: File | null) => {
    clearTimeout(timer.current);
    ask.current += 1;
    setFile(null);
    setHeadings(null);
    setMapping({});
    setPreviewed(null);
    setPreviewError(null);
    setFileError(null);
    setOutcome(null);
    setProgress(null);
    setPreviewing(false);
    if (!chosen) return;
    // Said here rather than sent: an empty part reaches the server as no file at all.
    if (chosen.size === 0) {
      setFileError('The file is empty');
      return;
    }
    if (chosen.size > MAX_UPLOAD_BYTES) {
      setFileError(`The file is larger than ${Math.floor(MAX_UPLOAD_BYTES / 1024 / 1024)} MB`);
      return;
    }
    // The bytes are read once: the preview and the import see the same file even if it changes on disk.
    let copy: File;
    try {
      copy = new File([await chosen.arrayBuffer()], chosen.name, { type: chosen.type || 'text/csv' });
    } catch (error) {
      setFileError(`The file could not be read: ${errorMessage(error)}`);
      return;
    }
    setFile(copy);
    askPreview(copy, { onMatch, mode }, 0);
  };

  const change = (next: { mapping?: ImportMapping; onMatch?: OnMatch; mode?: Mode }) => {
    const options = {
      mapping: cleanMapping(next.mapping ?? mapping),
      onMatch: next.onMatch ?? onMatch,
      mode: next.mode ?? mode,
    };
    if (next.mapping) setMapping(next.mapping);
    if (next.onMatch) setOnMatch(next.onMatch);
    if (next.mode) setMode(next.mode);
    if (file && headings) askPreview(file, options, PREVIEW_DELAY_MS);
  };

  const download = async () => {
    if (!file || !previewed) return;
    // After a run, the run's own refused rows (asked again, the rows it wrote would be refused as duplicates).
    if (outcome?.kind === 'done' && outcome.result.refusedCsv !== undefined) {
      saveBlob(new Blob([outcome.result.refusedCsv], { type: 'text/csv' }), `${kind}-refused-rows.csv`);
      return;
    }
    setDownloading(true);
    try {
      await downloadRefused(kind, file, previewed.options);
    } catch (error) {
      showAlert(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  const answer = previewed?.answer;
  const toWrite = answer ? answer.create + answer.update : 0;
  // A suggested mapping without a column for a field rows are matched by: the server checked no row.
  const unmapped = fields.filter((f) => f.matchKey && !previewed?.options.mapping[f.key]).map((f) => f.label);
  const unchecked = !!answer && answer.total > 0 && answer.rows.length === 0;
  const finished = outcome?.kind === 'done' && outcome.result.written;
  const locked = running || finished;
  const blocked = !answer
    ? null
    : unchecked
      ? `Map a column to ${unmapped.join(' and ') || 'each field marked *'}`
      : answer.refuse > 0 && previewed?.options.mode === 'all'
        ? 'Fix the refused rows or choose Valid rows only'
        : toWrite === 0
          ? `Nothing to import: no row creates or updates a ${words.singular}`
          : null;

  const start = async () => {
    if (!file || !previewed || blocked) return;
    const { answer: seen, options } = previewed;
    if (seen.update > 0) {
      const yes = await confirm({
        title: `Update existing ${words.plural}?`,
        message: `This import changes ${number(seen.update)} existing ${seen.update === 1 ? words.singular : words.plural}: the values in the file's mapped columns replace theirs.`,
        yes: `Update ${number(seen.update)}`,
        no: 'Cancel',
      });
      if (!yes) return;
    }
    setRunning(true);
    setOutcome(null);
    setProgress(null);
    setProgress({ type: 'progress', phase: 'check', done: 0, total: seen.total });
    let ended = false;
    let written = false;
    try {
      await run(file, options, (event: ImportEvent) => {
        if (ended) return;
        if (event.type === 'progress') setProgress(event);
        else if (event.type === 'done') {
          ended = true;
          written = event.written;
          setOutcome({ kind: 'done', result: event });
        } else {
          ended = true;
          setOutcome({ kind: 'failed', message: event.message, written: 'nothing' });
        }
      });
      if (!ended) {
        setOutcome({
          kind: 'failed',
          message: "The server's answer ended without the import's result.",
          written: 'unknown',
        });
      }
    } catch (error) {
      // A refusal before the run started wrote nothing; a broken connection leaves it unknown.
      if (!ended) {
        setOutcome({
          kind: 'failed',
          message: errorMessage(error),
          written: error instanceof ApiError ? 'nothing' : 'unknown',
        });
      }
    } finally {
      setRunning(false);
    }
    // Nothing written (or not known): the preview is asked again, so it shows the rows as they now stand.
    if (!written) askPreview(file, options, 0, true);
  };

  const again = () => {
    void choose(null);
  };

  const downloadButton = (inAlert = false) => (
    <Button
      variant={inAlert ? 'default' : 'light'}
      color={inAlert ? undefined : 'red'}
      onClick={download}
      loading={downloading}
    >
      Download refused rows
    </Button>
  );

  return (
    <Stack gap="md">
      <PageTitle title={words.title}>
        <Button variant="default" component={Link} to={`/${kind}`}>
          Back
        </Button>
      </PageTitle>

      <Section title="File">
        <FileInput
          label="File"
          description={`A CSV file (comma or semicolon separated) or an Excel workbook (.xlsx, its first sheet) with a heading row, at most ${number(IMPORT_MAX_ROWS)} rows`}
          placeholder="Choose a CSV or Excel file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={choose}
          clearable
          disabled={locked}
          maw={520}
          error={fileError}
        />
        {previewing && !headings && (
          <Text fz="sm" c="dimmed">
            Reading the file…
          </Text>
        )}
        {!headings && !previewing && (
          <Text fz="sm" c="dimmed" data-testid="import-fields">
            Its columns can fill {fields.map((f) => `${f.label}${f.required ? ' *' : ''}`).join(', ')}; you choose which
            column fills which field once the file is read. * A new {words.singular} needs it.
          </Text>
        )}
      </Section>

      {headings && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
          <Section title="Columns">
            <Text fz="sm" c="dimmed">
              Choose the column of your file that fills each field; a field without one is not imported (an update keeps
              the {words.singular}'s own value). * A new {words.singular} needs it.
            </Text>
            <MappingTable
              fields={fields}
              headings={headings}
              mapping={mapping}
              disabled={locked}
              onChange={(key, heading) => change({ mapping: { ...mapping, [key]: heading ?? '' } })}
            />
          </Section>
          <Section title="Options">
            <ImportChoices
              matchLabel={words.match}
              singular={words.singular}
              onMatch={onMatch}
              mode={mode}
              disabled={locked}
              onChange={change}
            />
          </Section>
        </SimpleGrid>
      )}

      {headings && (
        <Section title="Preview" busy={previewing}>
          {previewError && (
            <Alert color="red" variant="light" title="The file can't be imported like this" data-testid="preview-error">
              {previewError}
            </Alert>
          )}
          {answer && (
            <>
              {!unchecked && <ImportCounts counts={answer} />}
              {unchecked ? (
                <Alert color="yellow" variant="light" data-testid="preview-unchecked">
                  No row was checked yet: map a column to {unmapped.join(' and ') || 'each field marked *'} to see what
                  each of the file's {rows(answer.total)} would do.
                </Alert>
              ) : answer.rows.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  The file has no rows under its heading row.
                </Text>
              ) : (
                <>
                  <PreviewTable rows={answer.rows} fields={fields} mapping={answer.mapping} />
                  <Text fz="xs" c="dimmed">
                    {answer.total > answer.rows.length
                      ? `The first ${number(answer.rows.length)} of ${rows(answer.total)}`
                      : `All ${rows(answer.total)}`}
                    {answer.total > IMPORT_PREVIEW_ROWS && answer.refuse > 0
                      ? '; the counts above and the refused rows download cover every row'
                      : ''}
                  </Text>
                </>
              )}
              {answer.refuse > 0 && !finished && <Group>{downloadButton()}</Group>}
            </>
          )}
        </Section>
      )}

      {headings && (
        <Section title="Import">
          {!outcome?.kind || outcome.kind !== 'done' || !outcome.result.written ? (
            <Group gap="sm" align="center">
              <Button onClick={start} disabled={!answer || previewing || !!blocked || running} loading={running}>
                {answer && toWrite > 0 ? `Import ${rows(toWrite)}` : 'Import'}
              </Button>
              {previewError && !previewing && (
                <Text fz="sm" c="red.8" data-testid="import-blocked">
                  Change the columns: {previewError}
                </Text>
              )}
              {answer && !previewing && blocked && (
                <Text fz="sm" c="red.8" data-testid="import-blocked">
                  {blocked}
                </Text>
              )}
              {answer && !previewing && !blocked && previewed?.options.mode === 'valid' && answer.refuse > 0 && (
                <Text fz="sm" c="dimmed">
                  {rows(answer.refuse)} refused will be left out
                </Text>
              )}
            </Group>
          ) : null}
          {(progress || outcome) && (
            <Stack gap="sm" ref={runView} style={{ scrollMarginBottom: 16 }}>
              {progress && <RunProgress progress={progress} running={running} />}
              {outcome && (
                <RunOutcome
                  outcome={outcome}
                  noun={words.plural}
                  actions={
                    <Group gap="sm">
                      <Button component={Link} to={`/${kind}`} variant="default">
                        Open the {words.plural} list
                      </Button>
                      {outcome.kind === 'done' && outcome.result.refuse > 0 && downloadButton(true)}
                      {finished && (
                        <Button variant="subtle" onClick={again}>
                          Import another file
                        </Button>
                      )}
                    </Group>
                  }
                />
              )}
            </Stack>
          )}
        </Section>
      )}
    </Stack>
  );
}

export function ImportProductsPage() {
  return <ImportPage key="products" kind="products" />;
}

export function ImportCustomersPage() {
  return <ImportPage key="customers" kind="customers" />;
}
