import {
  IMPORT_FIELDS,
  type ImportEvent,
  type ImportKind,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  MAX_UPLOAD_BYTES,
} from '@wd/contracts';
import { useEffect, useRef, useState } from 'react';
import { confirm } from '../../../components/confirm';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { showAlert } from '../../../lib/alert';
import { ApiError, errorMessage, saveBlob } from '../../../lib/api-client';
import { downloadRefused, previewImport, useRunImport } from '../api';
import type { Mode, OnMatch } from '../components/ImportSections';
import type { Outcome, ProgressEvent } from '../components/RunOutcome';
import { WORDS } from '../import-words';

/** Waiting after a change of the mapping or the options before the preview is asked again. */
const PREVIEW_DELAY_MS = 350;

export const number = (n: number) => n.toLocaleString('en-US');
export const rows = (n: number) => `${number(n)} ${n === 1 ? 'row' : 'rows'}`;

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
 * The import screen's state and steps (docs/import.md): the file read once, its mapping and
 * options, the preview asked again (after a pause) on every change with only the latest answer
 * shown, the run with its progress and result, and the refused rows' download.
 */
export function useImportFlow(kind: ImportKind) {
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

  // Leaving for another screen while it runs: the import goes on, but its result would not be seen.
  useLeaveGuard(running, {
    title: 'The import is still running',
    message: 'It goes on without this screen, but you will not see its result here. Leave anyway?',
  });

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
  return {
    words,
    fields,
    file,
    fileError,
    headings,
    mapping,
    onMatch,
    mode,
    previewed,
    previewing,
    previewError,
    running,
    progress,
    outcome,
    downloading,
    runView,
    choose,
    change,
    download,
    answer,
    toWrite,
    unmapped,
    unchecked,
    finished,
    locked,
    blocked,
    start,
    again,
  };
}
