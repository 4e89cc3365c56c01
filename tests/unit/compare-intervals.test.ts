/**
 * Prediction intervals, carried from a model row to the compared table, the table view, the
 * CLI's json/md/csv and the line chart's band.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER, toCsv, toMarkdown, type ExploreOutput } from '../../scripts/explore';
import { LineChart } from '../../src/charts/LineChart';
import { compareTable, coverage, insideInterval } from '../../src/compare/compare';
import type { LineChartData, ModelTable } from '../../src/models/types';
import type { PaperTable } from '../../src/papers';
import { ComparedTableView } from '../../src/views/ComparedTableView';
// The model page's English, which the page imports itself (src/i18n/parts/model.ts).
import '../../src/i18n/parts/model';
import { formatInterval } from '../../src/format';

const model: ModelTable = {
  id: 't',
  title: 'T',
  source: 's',
  columns: [
    { key: 'a', label: 'A', unit: 'ms' },
    { key: 'b', label: 'B', unit: 'ms' },
  ],
  rows: [
    { label: 'one', values: { a: 110, b: 50 }, intervals: { a: [90, 130], b: [45, 49] } },
    { label: 'two', values: { a: 18_404, b: 10 }, intervals: { a: [12_000, 41_000] } },
    { label: 'three', values: { a: 5, b: 5 } },
  ],
  intervalLevel: 0.95,
};

const paper: PaperTable = {
  id: 't',
  paper: 'p',
  section: '§1',
  title: 'T',
  rows: [
    { label: 'one', values: { a: 100, b: 50 } },
    { label: 'two', values: { a: null, b: null } },
    { label: 'three', values: { a: 5, b: 6 } },
  ],
};

describe('intervals through compare', () => {
  it('insideInterval is closed at both ends and null without a value or an interval', () => {
    expect(insideInterval(90, [90, 130])).toBe(true);
    expect(insideInterval(130, [90, 130])).toBe(true);
    expect(insideInterval(89.9, [90, 130])).toBe(false);
    expect(insideInterval(null, [90, 130])).toBeNull();
    expect(insideInterval(100, undefined)).toBeNull();
  });

  it('rows keep their intervals; the table counts paper values inside them', () => {
    const t = compareTable(model, paper);
    expect(t.rows[0]!.intervals).toEqual({ a: [90, 130], b: [45, 49] });
    expect(t.rows[1]!.intervals).toEqual({ a: [12_000, 41_000] });
    expect(t.rows[2]!.intervals).toBeUndefined();
    expect('intervals' in t.rows[2]!).toBe(false);
    expect(t.intervalLevel).toBe(0.95);
    // one/a 100 ∈ [90, 130]; one/b 50 ∉ [45, 49]; two is withheld; three has no interval.
    expect(t.coverage).toEqual({ inside: 1, cells: 2 });
    expect(coverage(t.rows, ['a'])).toEqual({ inside: 1, cells: 1 });
    expect(coverage(t.rows, ['nope'])).toBeNull();
  });

  it('a table without intervals has no coverage and no level', () => {
    const plain: ModelTable = { ...model, rows: [{ label: 'one', values: { a: 1, b: 2 } }] };
    delete plain.intervalLevel;
    const t = compareTable(plain, paper);
    expect('coverage' in t).toBe(false);
    expect('intervalLevel' in t).toBe(false);
  });
});

describe('intervals shown', () => {
  const compared = compareTable(model, paper);

  it('the table view writes value (lo–hi) and names the interval for screen readers', () => {
    expect(formatInterval([12_000, 41_000])).toBe('(12,000–41,000)');
    // A log-scale interval whose top is beyond ×1000 of its value says so in words; a small
    // wait a few hundred times below its top keeps the number.
    expect(formatInterval([12_000, 41_000], 18_404)).toBe('(12,000–41,000)');
    expect(formatInterval([0.3, 42_600], 148)).toBe('(0.3–42,600)');
    expect(formatInterval([3, 2e12], 40)).toBe('(3–unbounded)');
    const html = renderToStaticMarkup(createElement(ComparedTableView, { table: compared }));
    expect(html).toContain('18,404 <span class="interval">(12,000–41,000)</span>');
    expect(html).toContain('aria-label="predicted 18,404 ms, 95.0 % interval 12,000 to 41,000 ms"');
    expect(html).toContain('aria-label="model 110 ms, 95.0 % interval 90 to 130 ms"');
    expect(html).toMatch(/<strong>1 of 2<\/strong> paper values inside/);
    // A cell without an interval is the bare value, with no label.
    expect(html).toMatch(/<td class="num model" data-column="a">5<\/td>/);
  });

  const out: ExploreOutput = {
    permalink: '/#/x',
    model: 'x',
    modelVersion: 1,
    params: {},
    tables: [compared],
  };

  it('md: value (lo–hi) in the model column, and the level and coverage under the table', () => {
    const md = toMarkdown(out);
    expect(md).toContain('| two (prediction) | 18,404 (12,000–41,000) | — | — |');
    expect(md).toContain('| three | 5 | 5 | 0.0 | 5 | 6 | -16.7 |');
    expect(md).toContain(
      '95 % prediction interval for a new measurement (parameters, scatter, between-experiment, model form); 1 of 2 paper values inside.',
    );
  });

  it('csv: interval_lo and interval_hi per cell, empty where there is none', () => {
    const lines = toCsv(out).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER);
    // error_pp follows the intervals: empty for a column in ms.
    expect(CSV_HEADER.endsWith(',interval_lo,interval_hi,error_pp')).toBe(true);
    expect(lines).toContain('t,two,a,ms,18404,,,true,12000,41000,');
    expect(lines).toContain('t,two,b,ms,10,,,true,,,');
    expect(lines).toContain('t,three,a,ms,5,5,0,false,,,');
  });

  it('json: the rows carry intervals at full precision', () => {
    const json = JSON.parse(JSON.stringify(out)) as ExploreOutput;
    expect(json.tables[0]!.rows[1]!.intervals).toEqual({ a: [12_000, 41_000] });
  });

  it('a line chart draws a series band as a light area and says so', () => {
    const chart: LineChartData = {
      kind: 'line',
      id: 'c',
      title: 'Sweep',
      xLabel: 'x',
      xUnit: 'pages',
      yLabel: 'Elapsed',
      yUnit: 'ms',
      xScale: 'linear',
      series: [
        {
          name: 'run',
          points: [
            { x: 1, y: 10 },
            { x: 2, y: 20 },
          ],
          band: [
            { x: 1, lo: 8, hi: 12 },
            { x: 2, lo: 15, hi: 30 },
          ],
        },
        { name: 'plain', points: [{ x: 1, y: 5 }] },
      ],
    };
    const html = renderToStaticMarkup(createElement(LineChart, { data: chart }));
    expect(html.match(/class="band"/g)).toHaveLength(1);
    expect(html).toContain('fill-opacity="0.14"');
    expect(html).toContain('Prediction interval');
    expect(html).toContain('run: 10 to 20 ms, interval 8 to 30 ms');
    // The band's top (30) widens the y axis beyond the line's own maximum (20): it stays inside.
    const d = /class="band" d="([^"]+)"/.exec(html)![1]!;
    const ys = [...d.matchAll(/[ML][\d.]+,([\d.-]+)/g)].map((m) => Number(m[1]));
    expect(ys).toHaveLength(4);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(0);
    expect(Math.min(...ys)).toBeLessThan(64);
  });
});
