/**
 * The app in headless Chromium against `vite preview` of the built dist/ (npm run test:browser
 * builds first). Each test opens its own context, so clipboard grants and history don't leak.
 */
import { isShown } from '../../src/views/paramSections';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { directorySearchModel } from '../../src/models/directory-search';
import { fileAccessModel } from '../../src/models/file-access';
import { MODEL_INFOS } from '../../src/models/registry';
import { PAPERS } from '../../src/papers/papers';
import { defaultScenario, presetScenario, serializeScenario } from '../../src/scenario';
import { ROOT } from '../../scripts/lib/browser';
import { seriousAxeViolations } from './axe';
import {
  browserSuite,
  chartsCaughtUp,
  hashOf,
  tablesCompleteForUrl,
  tablesShowCurrentUrl,
  text,
  SL,
  presetHash,
} from './suite';

const suite = browserSuite();
const newPage = (permissions?: string[]) => suite.newPage(permissions);

const VMSP = presetHash(directorySearchModel, 'vmsp-directory');

/** A table's model values, cell by cell (the number before any interval or stacked line). */
const modelValues = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('td.model')
    .evaluateAll((tds) => tds.map((td) => td.childNodes[0]?.textContent?.trim() ?? ''));

describe('Latency Lab in a browser', () => {
  it('home lists the papers, the file-access presets, and the links open them', async () => {
    const page = await suite.open('');
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
    for (const p of fileAccessModel.presets)
      expect(await page.getByRole('link', { name: p.title, exact: true }).count()).toBe(1);
    for (const p of directorySearchModel.presets)
      expect(await page.getByRole('link', { name: p.title, exact: true }).count()).toBe(1);
    const withoutModel = PAPERS.filter((p) => !MODEL_INFOS.some((m) => m.paper === p.file)).length;
    expect(await page.getByText('No model yet.').count()).toBe(withoutModel);

    await page.getByRole('link', { name: fileAccessModel.presets[1]!.title, exact: true }).click();
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toContain('table=mpe-catalog-resident');
    expect(await text(page, 'table-mpe-catalog-resident')).toContain('Mapped File');

    await page.goBack();
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
  });

  it('a slider moved with the keyboard changes the table and charts; the copied link reproduces them', async () => {
    const page = await suite.open(SL, ['clipboard-read', 'clipboard-write']);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    const tableBefore = await text(page, 'table-mpe-sl-seq');
    const chartBefore = await page.getByTestId('chart-sweep-distance').innerHTML();

    const slider = page.getByLabel('Prefetch distance (records)', { exact: true });
    await slider.focus();
    for (let i = 0; i < 3; i++) await slider.press('ArrowRight');
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toContain('prefetchDistanceRecords=7&');
    // The exact box follows the slider.
    expect(await page.getByLabel('Prefetch distance, exact value in records').inputValue()).toBe(
      '7',
    );

    // A bigger change through the exact box: the Postscript's 128 records.
    await page.getByLabel('Prefetch distance, exact value in records').fill('128');
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=128&'));
    await tablesCompleteForUrl(page);
    await chartsCaughtUp(page);
    const tableAfter = await text(page, 'table-mpe-sl-seq');
    expect(tableAfter).not.toBe(tableBefore);
    expect(await page.getByTestId('chart-sweep-distance').innerHTML()).not.toBe(chartBefore);
    expect(await page.getByTestId('differs-note').textContent()).toContain('Prefetch distance');

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Link copied|Ctrl\+C/ })
      .waitFor();
    const link = (await page.getByTestId('copy-link-field').count())
      ? await page.getByTestId('copy-link-field').inputValue()
      : await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(suite.url + (await page.evaluate(() => location.hash)));

    const other = await newPage();
    await other.goto(link);
    // Both with their intervals: values first, the intervals once the page holds still.
    await tablesCompleteForUrl(other);
    expect(await text(other, 'table-mpe-sl-seq')).toBe(tableAfter);
  });

  it('a bad link names every problem and still shows the tables, with defaults', async () => {
    const page = await suite.open('#/file-access?records=abc&bogus=1&prefetchPages=99999');
    const alert = page.getByTestId('problems');
    await alert.waitFor();
    expect(await alert.getAttribute('role')).toBe('alert');
    const said = (await alert.textContent()) ?? '';
    for (const name of ['records', 'bogus', 'prefetchPages']) expect(said).toContain(name);

    await page.waitForSelector('[data-testid=results][data-status=ready]');
    const expected = hashOf(serializeScenario(defaultScenario(fileAccessModel)));
    expect(await page.getByTestId('results').getAttribute('data-rendered-hash')).toBe(expected);
    expect(await text(page, 'table-mpe-sl-seq')).toContain('Memory Mapped');
    expect(await page.getByLabel('Records in file, exact value in records').inputValue()).toBe(
      String(defaultScenario(fileAccessModel).params.records),
    );

    // Typing nonsense is explained and not applied; the banner can be dismissed.
    const before = await page.evaluate(() => location.hash);
    await page.getByLabel('Prefetch size, exact value in pages').fill('lots');
    await page.getByText('“lots” is not a number').waitFor();
    expect(await page.evaluate(() => location.hash)).toBe(before);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await page.getByTestId('problems').count()).toBe(0);
  });

  it('choosing a paper table loads its experiment; reset undoes changes; predictions are badged', async () => {
    const page = await suite.open(SL);
    await tablesShowCurrentUrl(page);

    await page.getByLabel('Paper table', { exact: true }).selectOption('mpe-nl-seq');
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toContain('records=64275&');
    const caption =
      (await page.locator('[data-testid=table-mpe-nl-seq] caption').textContent()) ?? '';
    expect(caption).toContain('Prediction');
    expect(await page.locator('[data-testid=table-mpe-nl-seq] tbody .badge').count()).toBe(5);

    await page.getByLabel('Prefetch size, exact value in pages').fill('24');
    await page.getByTestId('differs-note').waitFor();
    await page.getByRole('button', { name: 'Reset to the paper’s values' }).click();
    await tablesShowCurrentUrl(page);
    expect(await page.getByTestId('differs-note').count()).toBe(0);
    expect(await page.evaluate(() => location.hash)).toBe(
      presetHash(fileAccessModel, 'mpe-nl-seq'),
    );
  });

  it('shows an error, not a blank page, when the model worker cannot start', async () => {
    const page = await newPage();
    await page.route(/lab\.worker[^/]*\.js/, (route) => route.abort());
    await page.goto(suite.url + SL);
    await page.getByText('The tables could not be computed.').waitFor();
    expect(await page.getByTestId('results').getAttribute('data-status')).toBe('error');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('File access');
  });

  it('is accessible: labelled controls with units, captioned tables, no serious axe violations', async () => {
    const page = await suite.open(SL);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);

    const sl = presetScenario(fileAccessModel, 'mpe-sl-seq').params;
    for (const spec of fileAccessModel.params) {
      const name =
        spec.kind === 'number' && spec.unit ? `${spec.label} (${spec.unit})` : spec.label;
      // A knob nothing reads here is not shown (the residency seed with no page resident).
      const shown = isShown(fileAccessModel, spec, sl) ? 1 : 0;
      expect(await page.getByLabel(name, { exact: true }).count(), name).toBe(shown);
    }
    const captions = await page.locator('table caption').allTextContents();
    // One caption per table the model gives for SL (time, inferences, activity, …).
    const slTables = fileAccessModel.tables(presetScenario(fileAccessModel, 'mpe-sl-seq').params);
    expect(captions.length).toBe(slTables.length);
    expect(captions[0]).toContain('SL.PUB.SYS sequential read');
    for (const svg of await page.locator('figure svg[role=img]').all())
      expect((await svg.getAttribute('aria-label'))?.length).toBeGreaterThan(20);

    expect(await seriousAxeViolations(page)).toEqual([]);

    mkdirSync(`${ROOT}tests/e2e/__screenshots__`, { recursive: true });
    await page.screenshot({ path: `${ROOT}tests/e2e/__screenshots__/model.png`, fullPage: true });
  });
  it('directory search: changing the user count changes the table and the per-user chart', async () => {
    const page = await suite.open(VMSP);
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    const tableBefore = await text(page, 'table-vmsp-directory');
    const valuesBefore = await modelValues(page, 'table-vmsp-directory');
    expect(valuesBefore.length).toBeGreaterThan(0);
    expect(tableBefore).toContain('Sorted directory');
    expect(tableBefore).toContain('276,912');
    const chartBefore = await page.getByTestId('chart-per-user').innerHTML();

    await page.getByLabel('User ids in the directory, exact value in ids').fill('150');
    await page.waitForFunction(() => location.hash.includes('users=150&'));
    await tablesShowCurrentUrl(page);
    await chartsCaughtUp(page);
    expect(await text(page, 'table-vmsp-directory')).not.toBe(tableBefore);
    expect(await page.getByTestId('chart-per-user').innerHTML()).not.toBe(chartBefore);
    expect(await page.getByTestId('differs-note').textContent()).toContain('User ids');

    await page.getByRole('button', { name: 'Reset to the paper’s values' }).click();
    await tablesShowCurrentUrl(page);
    // The same numbers as before the change (the table may now be laid out stacked).
    expect(await modelValues(page, 'table-vmsp-directory')).toEqual(valuesBefore);
  });

  it('directory search, live: times the searches in a worker, positive ns per search; cancel works', async () => {
    const page = await suite.open(VMSP);
    await tablesShowCurrentUrl(page);
    const panel = page.getByTestId('live-panel');
    await panel.getByRole('heading', { name: 'Live: this machine' }).waitFor();

    // Cancelled straight away: the run stops at its first batch and says so.
    await page.getByTestId('live-run').click();
    await page.getByTestId('live-cancel').click();
    await page.getByTestId('live-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await page.getByTestId('live-run').isEnabled()).toBe(true);

    // Every text the status line shows during the run, so a short run cannot slip past a poll.
    await page.evaluate(() => {
      const status = document.querySelector('[data-testid=live-status]')!;
      const seen: string[] = [];
      (window as unknown as { liveStatuses: string[] }).liveStatuses = seen;
      new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
    await page.getByTestId('live-run').click();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=live-results]') !== null &&
        !document.querySelector('[data-testid=live-status]')?.textContent,
      null,
      { timeout: 240_000 },
    );
    const statuses = await page.evaluate(
      () => (window as unknown as { liveStatuses: string[] }).liveStatuses,
    );
    expect(statuses.some((t) => /Timing… batch \d+ of \d+/.test(t))).toBe(true);
    for (const key of ['unsortedLinear', 'sortedLinear', 'sortedBinary']) {
      const ns = Number((await text(page, `live-ns-${key}`)).replace(/,/g, ''));
      expect(ns, key).toBeGreaterThan(0);
    }
    expect(await text(page, 'live-timer-resolution')).toMatch(/Timer resolution here: [\d.,]+ µs/);
    expect(await page.getByTestId('live-results').getAttribute('data-stale')).toBe('false');

    // Another scenario: the figures say they were measured for the earlier one.
    await page.getByLabel('User ids in the directory, exact value in ids').fill('400');
    await page.waitForFunction(() => location.hash.includes('users=400&'));
    await page.waitForSelector('[data-testid=live-results][data-stale=true]');

    expect(await seriousAxeViolations(page)).toEqual([]);
    mkdirSync(`${ROOT}tests/e2e/__screenshots__`, { recursive: true });
    await page.screenshot({
      path: `${ROOT}tests/e2e/__screenshots__/directory-search.png`,
      fullPage: true,
    });
  });
});
