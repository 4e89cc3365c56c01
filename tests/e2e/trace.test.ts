/**
 * A 200,000-reference trace, uploaded and pasted, and one reference too many: read in a
 * worker of its own (the page's main thread never runs the reader), loaded into the link, and
 * refused with its reason. The longest main-thread task is printed for the record (timing is
 * the bench's job, never a test's).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findModelInfo } from '../../src/models/registry';
import { presetScenario, serializeScenario } from '../../src/scenario';
import { browserSuite, hashOf, tablesShowCurrentUrl, text } from './suite';

const suite = browserSuite();
const CLIFF = hashOf(
  serializeScenario(presetScenario(findModelInfo('page-replacement')!, 'replacement-loop-cliff')),
);
const trace = (n: number) => Array.from({ length: n }, (_, i) => String(i % 10)).join('\n');

/** Workers the page starts, by URL. */
function watchWorkers(page: Page) {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  return workers;
}

/** Long tasks from now on (the page's own start-up is not the trace's). */
async function watchLongTasks(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
}

const longestTask = (page: Page) =>
  page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks));

describe('trace files: read in a worker', () => {
  it('200,000 references uploaded, then pasted; one more is refused and nothing changes', async () => {
    const page = await suite.newPage();
    const workers = watchWorkers(page);
    await page.goto(suite.url + CLIFF);
    await tablesShowCurrentUrl(page);
    await page.getByTestId('trace-file').waitFor();
    await watchLongTasks(page);

    await page.getByTestId('trace-file-input').setInputFiles({
      name: 'loop.trace',
      mimeType: 'text/plain',
      buffer: Buffer.from(trace(200_000)),
    });
    await page.getByText('Loaded 200,000 references from “loop.trace”').waitFor();
    await tablesShowCurrentUrl(page);
    expect(await page.evaluate(() => location.hash)).toContain('refs=packed.');
    expect(await text(page, 'trace-file-current')).toContain(
      'an explicit string of 200,000 references',
    );
    expect(workers.filter((u) => /trace/.test(u))).toHaveLength(1);
    console.log(
      `trace upload, 200,000 references: longest main-thread task ${await longestTask(page)} ms`,
    );

    await page.getByTestId('trace-file-paste').fill(trace(200_000).replaceAll('\n', ' '));
    await page.getByRole('button', { name: 'Use the pasted string' }).click();
    await page.getByText('Loaded 200,000 references from the pasted text').waitFor();
    await tablesShowCurrentUrl(page);
    // The same worker read it: it is kept for the next reading.
    expect(workers.filter((u) => /trace/.test(u))).toHaveLength(1);

    const before = await page.evaluate(() => location.hash);
    await page.getByTestId('trace-file-input').setInputFiles({
      name: 'one-too-many.trace',
      mimeType: 'text/plain',
      buffer: Buffer.from(trace(200_001)),
    });
    await page.getByTestId('trace-file-error').waitFor();
    expect(await text(page, 'trace-file-error')).toContain(
      '“one-too-many.trace” was not used: the trace has more than 200,000 page numbers',
    );
    expect(await page.evaluate(() => location.hash)).toBe(before);
    console.log(`trace paste and refusal: longest main-thread task ${await longestTask(page)} ms`);
  });
});
