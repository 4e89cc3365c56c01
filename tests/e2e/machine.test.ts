/**
 * Your machine (#/machine) in headless Chromium, each panel at its smallest size: the
 * predictions are on screen, with no measurement, before the measurement starts; then every
 * row is measured, with a later sequence number; the score counts them; the ledger survives
 * a reload (IndexedDB) and exports as CSV. Values are this machine's, never asserted.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Download } from 'playwright-core';
import { browserSuite } from './suite';
import { readCsv } from '../readCsv';
import { seriousAxeViolations } from './axe';

const suite = browserSuite();
const PANELS = ['memory', 'crossBoundary', 'cothreads', 'directory'] as const;

describe('your machine: predicted, shown, then measured', () => {
  it('every panel shows its prediction before measuring, then scores it; the ledger persists and exports', async () => {
    const page = await suite.open('');
    await page.getByRole('link', { name: 'Your machine' }).click();
    await page.getByRole('heading', { level: 1, name: /^Your machine/ }).waitFor();
    await page.goto(`${suite.url}#/machine?size=test`);
    await page
      .getByTestId('machine-score')
      .filter({ hasText: /^this machine: 0 of 0/ })
      .waitFor();

    // Records, for each row the first time it appears, what its measured cell said then.
    await page.evaluate(() => {
      const first: { id: string; measured: string; phase: string }[] = [];
      (window as unknown as { first: typeof first }).first = first;
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const row of document.querySelectorAll('[data-testid=machine-row]')) {
          const key = `${row.closest('section')?.dataset['testid']}|${row.getAttribute('data-predicted-seq')}`;
          if (seen.has(key)) continue;
          seen.add(key);
          first.push({
            id: key,
            measured: row.getAttribute('data-measured-seq') ?? '',
            phase: row.closest('section')?.getAttribute('data-phase') ?? '',
          });
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });

    let rows = 0;
    for (const id of PANELS) {
      const panel = page.getByTestId(`machine-panel-${id}`);
      await page.getByTestId(`machine-run-${id}`).click();
      await page
        .locator(`[data-testid=machine-panel-${id}]:is([data-phase=done],[data-phase=failed])`)
        .waitFor();
      expect(await panel.getAttribute('data-phase')).toBe('done');
      const seqs = await panel
        .getByTestId('machine-row')
        .evaluateAll((els) =>
          els.map((e) => [
            Number(e.getAttribute('data-predicted-seq')),
            e.getAttribute('data-measured-seq')
              ? Number(e.getAttribute('data-measured-seq'))
              : null,
          ]),
        );
      expect(seqs.length).toBeGreaterThan(0);
      const lastPredicted = Math.max(...seqs.map(([p]) => p!));
      for (const [, m] of seqs) if (m !== null) expect(m).toBeGreaterThan(lastPredicted);
      expect(seqs.some(([, m]) => m !== null)).toBe(true);
      rows += seqs.length;
      expect((await panel.getByTestId(`machine-here-${id}`).textContent())?.length).toBeGreaterThan(
        0,
      );
    }

    // Every row was first painted with no measurement, while its panel had only predicted.
    const first = await page.evaluate(
      () => (window as unknown as { first: { measured: string; phase: string }[] }).first,
    );
    expect(first.length).toBe(rows);
    for (const f of first) {
      expect(f.measured).toBe('');
      expect(f.phase).toBe('predicted');
    }

    const score = (await page.getByTestId('machine-score').textContent()) ?? '';
    const m = /^this machine: (\d+) of (\d+) predictions? inside their 95 % interval/.exec(score);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeLessThanOrEqual(Number(m![2]));

    const [download] = await Promise.all([
      page.waitForEvent('download') as Promise<Download>,
      page.getByTestId('machine-export-csv').click(),
    ]);
    const csv = readCsv(readFileSync((await download.path())!, 'utf8'));
    expect(csv.length).toBe(rows + 1);
    expect(csv[0]![0]).toBe('id');

    // Reached from the site's header; no serious accessibility problem with every table shown.
    expect(await seriousAxeViolations(page)).toEqual([]);

    // IndexedDB: the same score after a reload.
    await page.reload();
    await page.getByTestId('machine-score').filter({ hasText: score }).waitFor();
  });
});
