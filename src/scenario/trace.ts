import type { ListParamSpec } from '../models/types';
import { formatNumber, quoteText } from './format';
import type { ProblemValues } from './types';

// Not re-exported by ./index.ts: only the trace worker and the tests read it, and a re-export
// from the barrel made the bundler split the initial bundle into shared chunks (+7 KB gzipped).

/** Largest trace file read, in characters (200,000 seven-digit page numbers fit 5 times over). */
export const MAX_TRACE_CHARS = 8 * 2 ** 20;

/** Characters read between two progress reports (and two chances to cancel). */
export const TRACE_CHUNK_CHARS = 256 * 1024;

/** Why a trace was not read, for a page that says it in its own language (`linkProblem.<code>`). */
export type TraceCode =
  'trace.tooLong' | 'trace.notPage' | 'trace.outOfRange' | 'trace.tooMany' | 'trace.empty';

export type TraceReading =
  | { ok: true; value: string; count: number }
  | { ok: false; why: string; code: TraceCode; values: ProblemValues };

const tooLong = (chars: number): TraceReading => ({
  ok: false,
  why: `the trace is ${formatNumber(chars)} characters long; at most ${formatNumber(MAX_TRACE_CHARS)} are read`,
  code: 'trace.tooLong',
  values: { length: chars, max: MAX_TRACE_CHARS },
});

/**
 * The reader as steps: it yields the fraction of the text read after each chunk of about
 * TRACE_CHUNK_CHARS characters (whole lines), and returns the reading. One pass over the text;
 * a line number is formatted only for the message that names it.
 */
function* traceSteps(spec: ListParamSpec, text: string): Generator<number, TraceReading> {
  if (text.length > MAX_TRACE_CHARS) return tooLong(text.length);
  const items: number[] = [];
  let line = 0;
  let start = 0;
  let nextReport = TRACE_CHUNK_CHARS;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    // `\r\n` ends a line as `\n` does; a lone `\r` (old Mac files) ends one too.
    const parts = text.slice(start, end).split('\r');
    if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    for (const raw of parts) {
      line++;
      const hash = raw.indexOf('#');
      const body = hash >= 0 ? raw.slice(0, hash) : raw;
      for (const token of body.split(/[\s,]+/)) {
        if (token === '') continue;
        if (!/^\d+$/.test(token)) {
          return {
            ok: false,
            why: `line ${formatNumber(line)}: ${quoteText(token)} is not a page number (whole numbers ${formatNumber(spec.itemMin)}–${formatNumber(spec.itemMax)}, separated by commas, spaces or line breaks)`,
            code: 'trace.notPage',
            values: { line, given: quoteText(token), min: spec.itemMin, max: spec.itemMax },
          };
        }
        const x = Number(token);
        if (x < spec.itemMin || x > spec.itemMax) {
          return {
            ok: false,
            why: `line ${formatNumber(line)}: ${quoteText(token)} is out of range (${formatNumber(spec.itemMin)}–${formatNumber(spec.itemMax)})`,
            code: 'trace.outOfRange',
            values: { line, given: quoteText(token), min: spec.itemMin, max: spec.itemMax },
          };
        }
        if (items.length === spec.maxItems) {
          return {
            ok: false,
            why: `the trace has more than ${formatNumber(spec.maxItems)} page numbers (at most ${formatNumber(spec.maxItems)} are allowed)`,
            code: 'trace.tooMany',
            values: { max: spec.maxItems },
          };
        }
        items.push(x);
      }
    }
    start = end + 1;
    if (start >= nextReport && start < text.length) {
      nextReport = start + TRACE_CHUNK_CHARS;
      yield start / text.length;
    }
  }
  if (items.length === 0)
    return {
      ok: false,
      why: 'no page numbers found in the trace',
      code: 'trace.empty',
      values: {},
    };
  return { ok: true, value: items.join(','), count: items.length };
}

/**
 * Reads a reference-string file as people write them: page numbers separated by commas,
 * spaces, tabs or line breaks (one per line, OSTEP's `3,1,4`, or both); `#` starts a comment
 * that runs to the end of its line. Returns the canonical list value (`3,1,4`) or why not,
 * naming the line and the offending text. Never throws; linear in the text's length.
 */
export function readTraceText(spec: ListParamSpec, text: string): TraceReading {
  const steps = traceSteps(spec, text);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same reading in chunks, for the trace worker: after each chunk it reports the fraction
 * read, and stops (returning null) as soon as `progress` answers false — the cancel.
 */
export async function readTraceTextInSteps(
  spec: ListParamSpec,
  text: string,
  progress: (fraction: number) => boolean | Promise<boolean>,
): Promise<TraceReading | null> {
  const steps = traceSteps(spec, text);
  for (;;) {
    const step = steps.next();
    if (step.done) {
      await progress(1);
      return step.value;
    }
    if (!(await progress(step.value))) return null;
  }
}
