import { Alert, Button, FileInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMPORT_MAX_ROWS, IMPORT_PREVIEW_ROWS, type ImportKind } from '@wd/contracts';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ImportCounts } from '../components/ImportCounts';
import { ImportChoices, Section } from '../components/ImportSections';
import { MappingTable } from '../components/MappingTable';
import { PreviewTable } from '../components/PreviewTable';
import { RunOutcome, RunProgress } from '../components/RunOutcome';
import { number, rows, useImportFlow } from '../hooks/useImportFlow';

/**
 * /import/products and /import/customers (admins, docs/import.md): choose a
 * CSV file, map its columns to the fields, see what each row would do, then
 * import it with a progress bar and the exact result.
 */

type ImportFlow = ReturnType<typeof useImportFlow>;

export function ImportPage({ kind }: { kind: ImportKind }) {
  const flow = useImportFlow(kind);
  const { words, headings } = flow;
  return (
    <Stack gap="md">
      <PageTitle title={words.title}>
        <Button variant="default" component={Link} to={`/${kind}`}>
          Back
        </Button>
      </PageTitle>
      <FileSection flow={flow} />
      {headings && <SetupSection flow={flow} headings={headings} />}
      {headings && <PreviewSection flow={flow} />}
      {headings && <RunSection flow={flow} kind={kind} />}
    </Stack>
  );
}

/** The file to read, and before it is read, the fields its columns can fill. */
function FileSection({ flow }: { flow: ImportFlow }) {
  const { file, choose, locked, fileError, previewing, headings, fields, words } = flow;
  return (
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
  );
}

/** Which column fills which field, and how rows are matched and written. */
function SetupSection({ flow, headings }: { flow: ImportFlow; headings: string[] }) {
  const { words, fields, mapping, locked, change, onMatch, mode } = flow;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
      <Section title="Columns">
        <Text fz="sm" c="dimmed">
          Choose the column of your file that fills each field; a field without one is not imported (an update keeps the{' '}
          {words.singular}'s own value). * A new {words.singular} needs it.
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
  );
}

/** What each row would do, the counts, and the refused rows to download. */
function PreviewSection({ flow }: { flow: ImportFlow }) {
  const { previewing, previewError, answer, unchecked, unmapped, fields, finished } = flow;
  return (
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
              No row was checked yet: map a column to {unmapped.join(' and ') || 'each field marked *'} to see what each
              of the file's {rows(answer.total)} would do.
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
          {answer.refuse > 0 && !finished && (
            <Group>
              <DownloadRefused flow={flow} />
            </Group>
          )}
        </>
      )}
    </Section>
  );
}

/** The import button (or why it can't run yet), its progress and its result. */
function RunSection({ flow, kind }: { flow: ImportFlow; kind: ImportKind }) {
  const { outcome, start, answer, previewing, blocked, running, toWrite, previewError, previewed, progress, runView } =
    flow;
  const { words, finished, again } = flow;
  return (
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
                  {outcome.kind === 'done' && outcome.result.refuse > 0 && <DownloadRefused flow={flow} inAlert />}
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
  );
}

function DownloadRefused({ flow, inAlert = false }: { flow: ImportFlow; inAlert?: boolean }) {
  return (
    <Button
      variant={inAlert ? 'default' : 'light'}
      color={inAlert ? undefined : 'red'}
      onClick={flow.download}
      loading={flow.downloading}
    >
      Download refused rows
    </Button>
  );
}

export function ImportProductsPage() {
  return <ImportPage key="products" kind="products" />;
}

export function ImportCustomersPage() {
  return <ImportPage key="customers" kind="customers" />;
}
