/**
 * Export (issue #11): a table's "Download CSV" gives the CLI's CSV of what is on screen; a
 * chart's SVG is a standalone file (its series, its styles resolved, no CSS variable left);
 * its PNG is a real image at twice the size; and none of it trips the page's CSP.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Locator, Page } from 'playwright-core';
import { CSV_HEADER } from '../../src/compare/csv';
import { readCsv } from '../readCsv';
import { browserSuite, chartsCaughtUp, tablesCompleteForUrl, watchCsp, SL } from './suite';

const suite = browserSuite();

/** A model page with a listener for CSP violations. */
async function openWithCspWatch(hash: string): Promise<{ page: Page; violations: string[] }> {
  const page = await suite.newPage();
  const violations = await watchCsp(page);
  await page.goto(suite.url + hash);
  // With their intervals: file-access shows its values first, and the tables and the
  // model-vs-paper chart change again when the intervals come (shapes counted then differ).
  await tablesCompleteForUrl(page);
  return { page, violations };
}

/** Presses the button from the keyboard and returns the file it downloads. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  await button.focus();
  const [d] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }) as Promise<Download>,
    page.keyboard.press('Enter'),
  ]);
  const path = await d.path();
  if (!path) throw new Error(`download failed: ${await d.failure()}`);
  return { name: d.suggestedFilename(), bytes: await readFile(path) };
}

/** A number as the table displays it (`18,404`, `−0.012`), and its last digit's size. */
function displayed(text: string): { value: number; step: number } {
  const t = text.trim().replace(/,/g, '').replace('−', '-');
  expect(t).toMatch(/^-?\d+(\.\d+)?$/);
  const decimals = t.split('.')[1]?.length ?? 0;
  return { value: Number(t), step: 10 ** -decimals };
}

describe('export', () => {
  it('every chart on the page (bars, lines, timeline) downloads as a clean SVG', async () => {
    const { page, violations } = await openWithCspWatch(SL);
    await chartsCaughtUp(page);
    const figures = page.locator('figure.chart');
    await figures.locator('svg.chart-svg path').first().waitFor();
    // The model-vs-paper chart follows the tables in a render of its own: counted once there.
    await page.getByTestId('chart-model-vs-paper').locator('svg.chart-svg').waitFor();
    const n = await figures.count();
    expect(n).toBeGreaterThan(1);
    const names = new Set<string>();
    for (let i = 0; i < n; i++) {
      const figure = figures.nth(i);
      const title = (await figure.locator('.chart-title').textContent())?.trim() ?? '';
      const shapes = await figure.locator('svg.chart-svg :is(path, rect, line, text)').count();
      const { name, bytes } = await download(
        page,
        figure.getByRole('button', { name: `Download chart “${title}” as SVG` }),
      );
      names.add(name);
      const text = bytes.toString('utf8');
      expect(text, title).not.toContain('var(');
      const parsed = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
        const chart = doc.documentElement.querySelector('svg.chart-svg');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          title: doc.documentElement.querySelector(':scope > title')?.textContent ?? null,
          shapes: chart?.querySelectorAll(':is(path, rect, line, text)').length ?? 0,
        };
      }, text);
      expect(parsed.error, title).toBeNull();
      expect(parsed.title).toBe(title);
      expect(parsed.shapes, title).toBe(shapes);
    }
    // One file name per chart.
    expect(names.size).toBe(n);
    expect(violations).toEqual([]);
  });

  it('Download CSV gives the table on screen, in the CLI format', async () => {
    const { page, violations } = await openWithCspWatch(SL);
    const section = page.getByTestId('table-mpe-sl-seq');
    const title = (await section.locator('.caption-title').textContent())?.trim() ?? '';
    const button = page.getByRole('button', { name: `Download table “${title}” as CSV` });
    const { name, bytes } = await download(page, button);
    expect(name).toBe('file-access-mpe-sl-seq.csv');

    // The table on screen: row label, prediction badge, model value per column (first text).
    const screen = await section.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        label: tr.querySelector('th')?.childNodes[0]?.textContent ?? '',
        prediction: tr.querySelector('th .badge-prediction') !== null,
        model: [...tr.querySelectorAll('td.model')].map(
          (td) => td.childNodes[0]?.textContent ?? '',
        ),
      })),
    );
    const columns = await section.locator('thead th.group-head').count();
    expect(screen.length).toBeGreaterThan(0);
    expect(columns).toBeGreaterThan(0);

    const records = readCsv(bytes.toString('utf8'));
    expect(records[0]?.join(',')).toBe(CSV_HEADER);
    const body = records.slice(1);
    expect(body).toHaveLength(screen.length * columns);
    screen.forEach((row, r) => {
      expect(row.model).toHaveLength(columns);
      row.model.forEach((cell, c) => {
        const rec = body[r * columns + c]!;
        expect(rec[0]).toBe('mpe-sl-seq');
        expect(rec[1]).toBe(row.label);
        expect(rec[7]).toBe(String(row.prediction));
        // Both round the same value: the CSV to 3 significant digits, the screen to its
        // last digit. They agree within those two roundings.
        const shown = displayed(cell);
        const csv = Number(rec[4]);
        const csvStep = 10 ** (Math.floor(Math.log10(Math.abs(csv) || 1)) - 2);
        expect(Math.abs(csv - shown.value)).toBeLessThanOrEqual(
          shown.step / 2 + csvStep / 2 + 1e-9,
        );
      });
    });
    expect(violations).toEqual([]);
  });

  it('a chart downloads as a standalone SVG and as a PNG at 2×, with no CSP violation', async () => {
    const { page, violations } = await openWithCspWatch(SL);
    await chartsCaughtUp(page);
    // A line chart from the sweeps (not the model-vs-paper bars): it has series paths.
    const figure = page.locator('figure.chart:not([data-testid=chart-model-vs-paper])').first();
    await figure.locator('svg.chart-svg path').first().waitFor();
    const title = (await figure.locator('.chart-title').textContent())?.trim() ?? '';
    const onScreen = await figure.locator('svg.chart-svg path').count();
    const seriesOnScreen = await figure.locator('svg.chart-svg path[fill=none][stroke]').count();
    expect(onScreen).toBeGreaterThan(0);

    const svg = await download(
      page,
      figure.getByRole('button', { name: `Download chart “${title}” as SVG` }),
    );
    expect(svg.name).toMatch(/^file-access-[\w.-]+\.svg$/);
    const text = svg.bytes.toString('utf8');
    expect(text).not.toContain('var(');
    expect(text).not.toMatch(/\sstyle=/);
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      const root = doc.documentElement;
      const chart = root.querySelector('svg.chart-svg');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: root.localName,
        ns: root.namespaceURI,
        width: Number(root.getAttribute('width')),
        height: Number(root.getAttribute('height')),
        title: root.querySelector(':scope > title')?.textContent ?? null,
        background: root.querySelector(':scope > rect')?.getAttribute('fill') ?? null,
        paths: chart?.querySelectorAll('path').length ?? 0,
        // Series lines keep a colour of their own, written on the element.
        series: chart ? [...chart.querySelectorAll('path[fill=none][stroke]')].length : 0,
        legend: root.querySelectorAll('.legend text').length,
        // The axis labels' colour comes from a CSS variable (--muted) on the page.
        axisFill: chart?.querySelector('.axis text')?.getAttribute('fill') ?? null,
      };
    }, text);
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('svg');
    expect(parsed.ns).toBe('http://www.w3.org/2000/svg');
    expect(parsed.title).toBe(title);
    expect(parsed.background).toBe('#ffffff');
    expect(parsed.paths).toBe(onScreen);
    expect(parsed.series).toBe(seriesOnScreen);
    expect(parsed.legend).toBe(await figure.locator('.legend li').count());
    const muted = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--muted)';
      document.body.append(probe);
      const c = getComputedStyle(probe).color;
      probe.remove();
      return c;
    });
    expect(parsed.axisFill).toBe(muted);

    const png = await download(
      page,
      figure.getByRole('button', { name: `Download chart “${title}” as PNG` }),
    );
    expect(png.name).toBe(svg.name.replace(/\.svg$/, '.png'));
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: twice the SVG's size.
    expect(png.bytes.readUInt32BE(16)).toBe(parsed.width * 2);
    expect(png.bytes.readUInt32BE(20)).toBe(parsed.height * 2);
    expect(png.bytes.length).toBeGreaterThan(10_000);
    // Drawn, not blank: a good share of its pixels are not white.
    const inked = await page.evaluate(async (base64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${base64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) n++;
      }
      return n / (data.length / 4);
    }, png.bytes.toString('base64'));
    expect(inked).toBeGreaterThan(0.01);
    expect(violations).toEqual([]);
  });
});
