/**
 * The home page's pictures (issue #35): each model's headline chart — the first of its charts
 * at its default scenario — as a tiny static SVG, made from that chart's data in the golden
 * file (tests/golden/charts/<model>.tsv, which tests/papers/golden.paper.test.ts keeps equal
 * to the model's output). `npx tsx scripts/home-pictures.ts` writes src/models/<id>/picture.json;
 * tests/unit/home-pictures.test.ts fails when those files and the golden data part.
 */

/** The picture's box (SVG user units) and the margin kept inside it for the lines' width. */
export const BOX = { width: 120, height: 48, margin: 3 } as const;
/** Lines drawn per picture, the chart's first series first. */
export const MAX_SERIES = 4;
/** Points kept per line (evenly spaced along the chart's rows): a sparkline, not a plot. */
export const MAX_POINTS = 40;
/**
 * A scale is logarithmic when all its values are positive, span this ratio or more, and
 * crowd its low end (their median under a quarter of the way up, as a sweep over 1, 2, 4, …
 * or a time growing with n does): the chart's own choice, seen from its data.
 */
export const LOG_RATIO = 30;

export type { HomePicture } from '../../src/views/homePictures';
import type { HomePicture } from '../../src/views/homePictures';

/** A golden cell as a number: "38,274" → 38274, "−0.4" → −0.4; null for "—", "(1–2)", words. */
export function cellNumber(cell: string): number | null {
  const s = cell
    .trim()
    .replace(/,/g, '')
    .replace(/\u2212/g, '-');
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/** The first chart of a golden file: its title, column headings and rows of cells. */
export function firstChart(tsv: string): { title: string; columns: string[]; rows: string[][] } {
  const lines = tsv.split('\n');
  const start = lines.findIndex((l) => l.startsWith('## '));
  if (start < 0) throw new Error('no chart in the golden file');
  const title = lines[start]!.slice(3).trim();
  let i = start + 1;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  const columns = (lines[i] ?? '').split('\t');
  const rows: string[][] = [];
  for (i++; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '' || l.startsWith('## ') || l.startsWith('(')) break;
    rows.push(l.split('\t'));
  }
  return { title, columns, rows };
}

const isLog = (values: number[]) => {
  if (values.length < 2 || values.some((v) => v <= 0)) return false;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return hi / lo >= LOG_RATIO && median - lo < (hi - lo) / 4;
};

function scale(values: number[], log: boolean, from: number, to: number) {
  const t = (v: number) => (log ? Math.log10(v) : v);
  const lo = Math.min(...values.map(t));
  const hi = Math.max(...values.map(t));
  // A flat line sits in the middle.
  return (v: number) =>
    hi === lo ? (from + to) / 2 : from + ((t(v) - lo) / (hi - lo)) * (to - from);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The picture of a chart: its model series (columns of plain numbers), ≤ MAX_SERIES lines. */
export function pictureOf(chart: ReturnType<typeof firstChart>): HomePicture {
  const xs = chart.rows.map((r) => cellNumber(r[0] ?? ''));
  const seriesCols: number[] = [];
  for (let c = 1; c < chart.columns.length && seriesCols.length < MAX_SERIES; c++) {
    const numbers = chart.rows.filter((r) => cellNumber(r[c] ?? '') !== null).length;
    // A line of the sweep, not a reference drawn from two points ("no prefetch").
    if (numbers >= 3) seriesCols.push(c);
  }
  const points = (c: number) =>
    chart.rows
      .map((r, i) => [xs[i], cellNumber(r[c] ?? '')] as const)
      .filter((p): p is readonly [number, number] => p[0] !== null && p[1] !== null);
  const all = seriesCols.map(points);
  const allX = all.flat().map((p) => p[0]);
  const allY = all.flat().map((p) => p[1]);
  if (allX.length === 0) throw new Error(`no numbers in the chart “${chart.title}”`);
  const logX = isLog(allX);
  const logY = isLog(allY);
  const { width, height, margin } = BOX;
  const sx = scale(allX, logX, margin, width - margin);
  const sy = scale(allY, logY, height - margin, margin);
  const paths = all.map((pts) => {
    const step = Math.max(1, Math.ceil(pts.length / MAX_POINTS));
    const kept = pts.filter((_, i) => i % step === 0 || i === pts.length - 1);
    return kept.map(([x, y], i) => `${i ? 'L' : 'M'}${round1(sx(x))} ${round1(sy(y))}`).join('');
  });
  return {
    title: chart.title,
    x: chart.columns[0] ?? '',
    series: seriesCols.map((c) => chart.columns[c] ?? ''),
    paths,
    logX,
    logY,
  };
}
