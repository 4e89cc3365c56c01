/** One run of the CLI in this thread: what the worker thread calls (and a test may). */
import { resultsJson } from '../../src/compare/results';
import type { MapRequest } from '../../src/compare/regimeMap';
import { toMarkdown } from '../lib/markdown';
import type { Format } from './args';
import { errorResult, type RunResult } from './errors';
import { explore, linkProblems } from './explore';
import { exploreMap, mapText } from './map';
import { exploreSensitivity, sensitivityMarkdown } from './sensitivity';
import { toCsv } from '../../src/compare/csv';

/** What the worker thread computes for one run: the link and what to print of it. */
export interface Job {
  link: string;
  format: Format;
  map: MapRequest | null;
  sensitivity: boolean;
  /** Progress lines start once the run has taken this long (null: none). */
  progressAfterMs: number | null;
}

/**
 * One run, in this thread: the link evaluated and printed (the worker thread calls this; so
 * may a test). Any error is the result's: exit code 2 for a mistake in the link, else 1.
 */
export async function compute(
  job: Job,
  write: ((line: string) => void) | null = null,
): Promise<RunResult> {
  try {
    const { link, format } = job;
    const sink =
      write && job.progressAfterMs !== null ? { write, afterMs: job.progressAfterMs } : undefined;
    const notice = linkProblems(link).notice;
    const noted = (stdout: string): RunResult => ({
      stdout,
      stderr: notice ? `explore: note: ${notice}\n` : '',
      exitCode: 0,
    });
    if (job.map) {
      const out = await exploreMap(link, job.map, sink);
      return noted(format === 'json' ? `${JSON.stringify(out, null, 2)}\n` : mapText(out, format));
    }
    if (job.sensitivity) {
      const { doc, tables } = await exploreSensitivity(link, sink);
      return noted(
        format === 'md'
          ? `${toMarkdown(doc)}\n${sensitivityMarkdown(tables)}`
          : `${JSON.stringify({ ...doc, sensitivity: tables }, null, 2)}\n`,
      );
    }
    const out = await explore(link, sink);
    return noted(
      format === 'csv' ? toCsv(out) : format === 'md' ? toMarkdown(out) : resultsJson(out),
    );
  } catch (err) {
    return errorResult(err);
  }
}
