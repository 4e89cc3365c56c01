import type { ListParamSpec } from '../models/types';
import { formatNumber, quoteText } from './format';

// Not re-exported by ./index.ts: only the lazy trace panel reads it, and a re-export from the
// barrel made the bundler split the initial bundle into shared chunks (+7 KB gzipped).

/** Largest trace file read, in characters (200,000 seven-digit page numbers fit 5 times over). */
export const MAX_TRACE_CHARS = 8 * 2 ** 20;

export type TraceReading = { ok: true; value: string; count: number } | { ok: false; why: string };

/**
 * Reads a reference-string file as people write them: page numbers separated by commas,
 * spaces, tabs or line breaks (one per line, OSTEP's `3,1,4`, or both); `#` starts a comment
 * that runs to the end of its line. Returns the canonical list value (`3,1,4`) or why not,
 * naming the line and the offending text. Never throws; linear in the text's length.
 */
export function readTraceText(spec: ListParamSpec, text: string): TraceReading {
  if (text.length > MAX_TRACE_CHARS) {
    return {
      ok: false,
      why: `the trace is ${formatNumber(text.length)} characters long; at most ${formatNumber(MAX_TRACE_CHARS)} are read`,
    };
  }
  const items: number[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const hash = line.indexOf('#');
    const body = hash >= 0 ? line.slice(0, hash) : line;
    for (const token of body.split(/[\s,]+/)) {
      if (token === '') continue;
      const where = `line ${formatNumber(l + 1)}`;
      if (!/^\d+$/.test(token)) {
        return {
          ok: false,
          why: `${where}: ${quoteText(token)} is not a page number (whole numbers ${formatNumber(spec.itemMin)}–${formatNumber(spec.itemMax)}, separated by commas, spaces or line breaks)`,
        };
      }
      const x = Number(token);
      if (x < spec.itemMin || x > spec.itemMax) {
        return {
          ok: false,
          why: `${where}: ${quoteText(token)} is out of range (${formatNumber(spec.itemMin)}–${formatNumber(spec.itemMax)})`,
        };
      }
      if (items.length === spec.maxItems) {
        return {
          ok: false,
          why: `the trace has more than ${formatNumber(spec.maxItems)} page numbers (at most ${formatNumber(spec.maxItems)} are allowed)`,
        };
      }
      items.push(x);
    }
  }
  if (items.length === 0) return { ok: false, why: 'no page numbers found in the trace' };
  return { ok: true, value: items.join(','), count: items.length };
}
