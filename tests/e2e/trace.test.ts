/**
 * A 200,000-reference trace, uploaded and pasted, and one reference too many: read in a
 * worker of its own (the page's main thread never runs the reader), loaded into the link, and
 * refused with its reason. A long link opened from outside (a packed 200,000-reference string,
 * a megabyte of keys) is read in the link worker, with the codec's own problems. What is
 * asserted is where the reading happens (which workers the page starts) and what the address
 * and history keep; how long it takes is the bench's (src/models/page-replacement/tools/bench-trace.ts), never a test's.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findModelInfo } from '../../src/models/registry';
import {
  MAX_LINK_CHARS,
  parsePermalink,
  presetScenario,
  serializeScenario,
} from '../../src/scenario';
import { LINK_WORKER_CHARS } from '../../src/state/linkParse';
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

describe('trace files: read in a worker', () => {
  it('200,000 references uploaded, then pasted; one more is refused and nothing changes', async () => {
    const page = await suite.newPage();
    const workers = watchWorkers(page);
    await page.goto(suite.url + CLIFF);
    await tablesShowCurrentUrl(page);
    await page.getByTestId('trace-file').waitFor();

    await page.getByTestId('trace-file-input').setInputFiles({
      name: 'loop.trace',
      mimeType: 'text/plain',
      buffer: Buffer.from(trace(200_000)),
    });
    await page.getByText('Loaded 200,000 references from “loop.trace”').waitFor();
    await tablesShowCurrentUrl(page);
    // The address names the trace, kept in this browser (src/scenario/kept.ts).
    expect(await page.evaluate(() => location.hash)).toContain('refs=kept.');
    // The model's own panel follows the tables at low priority: wait for its line.
    await page
      .getByTestId('trace-file-current')
      .filter({ hasText: 'an explicit string of 200,000 references' })
      .waitFor();
    expect(workers.filter((u) => /trace/.test(u))).toHaveLength(1);
    // The page wrote that link itself, its list already known: no link worker was needed.
    expect(workers.filter((u) => /link\.worker/.test(u))).toEqual([]);

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
  });
});

/**
 * Waits until the address is short again. `location.href` is read, not `location.hash`: each
 * read of the hash copies the megabyte, which would put the harness's polling among the tasks.
 */
const shortLinkNow = (page: Page) =>
  page.waitForFunction((max) => location.href.length < max, LINK_WORKER_CHARS);

/** Every entry of the tab's history, as the browser keeps them, and this one's state: short. */
async function noLongEntries(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const { entries } = (await cdp.send('Page.getNavigationHistory')) as {
    entries: { url: string }[];
  };
  await cdp.detach();
  expect(entries.length).toBeGreaterThan(0);
  expect(entries.map((e) => e.url.length).filter((n) => n >= LINK_WORKER_CHARS)).toEqual([]);
  expect(await page.evaluate(() => JSON.stringify(history.state ?? null).length)).toBeLessThan(
    LINK_WORKER_CHARS,
  );
}

/**
 * Notes the address's length each time the problems banner appears (`location.href`, as the
 * router reads it), from the page's first script on: a long link's reading is shown only
 * once the address is its short link (issue 37: the page renders the short link, once).
 */
const NOTE_ADDRESS_AT_PROBLEMS = `globalThis.__addressAtProblems = [];
  let shown = false;
  new MutationObserver(() => {
    const now = document.querySelector('[data-testid=problems]') !== null;
    if (now && !shown) globalThis.__addressAtProblems.push(location.href.length);
    shown = now;
  }).observe(document, { childList: true, subtree: true });`;
const addressAtProblems = (page: Page) =>
  page.evaluate('globalThis.__addressAtProblems') as Promise<number[]>;

/**
 * Notes what the page's root shows first, and the address's length when the page itself (more
 * than the "reading" line) first appears in it: a long link opened fresh is read before the
 * page's first render, which is of the short link (issue 37: one render, not two).
 */
const NOTE_FIRST_RENDER = `globalThis.__rootFirst = null;
  globalThis.__addressAtFirstRender = null;
  new MutationObserver(() => {
    const root = document.getElementById('root');
    const first = root && root.firstElementChild;
    if (!first) return;
    if (globalThis.__rootFirst === null)
      globalThis.__rootFirst = first.getAttribute('data-testid') || first.tagName;
    if (globalThis.__addressAtFirstRender === null &&
        root.querySelector(':scope > :not([data-testid=link-reading])'))
      globalThis.__addressAtFirstRender = location.href.length;
  }).observe(document, { childList: true, subtree: true });`;

describe('long links from outside: read in the link worker', () => {
  const cliff = presetScenario(findModelInfo('page-replacement')!, 'replacement-loop-cliff');
  // 200,000 references to up to 1,000,000 pages: a packed value of about half a megabyte.
  const refs = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 1_000_000).join(',');
  const packed = hashOf(serializeScenario({ ...cliff, params: { ...cliff.params, refs } }));
  // A megabyte of unknown keys, just inside the codec's limit.
  let keys = hashOf(serializeScenario(cliff));
  for (let i = 0; keys.length < MAX_LINK_CHARS - 20; i++) keys += `&k${i}=1`;

  it('a packed 200,000-reference link: the tables count every reference', async () => {
    expect(packed.length).toBeGreaterThan(LINK_WORKER_CHARS);
    const page = await suite.newPage();
    const workers = watchWorkers(page);
    await page.goto(suite.url + packed);
    await tablesShowCurrentUrl(page);
    expect(await text(page, 'table-replacement')).toContain('Your string: 200,000 references');
    expect(workers.filter((u) => /link\.worker/.test(u))).toHaveLength(1);
  });

  it('a megabyte of keys: the same problems as the codec gives, from the link worker', async () => {
    const expected = parsePermalink(keys).problems;
    expect(expected.length).toBeGreaterThan(1);
    const page = await suite.newPage();
    const workers = watchWorkers(page);
    await page.addInitScript({ content: NOTE_ADDRESS_AT_PROBLEMS });
    await page.addInitScript({ content: NOTE_FIRST_RENDER });
    await page.goto(suite.url + keys);
    await page.getByTestId('problems').waitFor();
    // First the line saying the link is being read, then the page, already on the short link.
    expect(await page.evaluate('globalThis.__rootFirst')).toBe('link-reading');
    expect(await page.evaluate('globalThis.__addressAtFirstRender')).toBeLessThan(
      LINK_WORKER_CHARS,
    );
    // Shown first with the short link already in the address: never rendered at 1 MB.
    const first = await addressAtProblems(page);
    expect(first).toHaveLength(1);
    expect(first[0]).toBeLessThan(LINK_WORKER_CHARS);
    const banner = await text(page, 'problems');
    for (const p of expected.slice(0, 3)) expect(banner).toContain(p.message);
    expect(workers.filter((u) => /link\.worker/.test(u))).toHaveLength(1);
    // Once read, the address is the scenario's short link, in place (issue 37): no later
    // history save carries the megabyte, and the problems of the link opened stay shown.
    await shortLinkNow(page);
    expect(await page.evaluate(() => location.hash)).toBe(CLIFF);
    await noLongEntries(page);
    await tablesShowCurrentUrl(page);
    expect(await text(page, 'problems')).toContain(expected[0]!.message);
    // A deliberate step pushes a new entry; going back returns to the short link, never the long.
    const before = await page.evaluate(() => history.length);
    const knob = findModelInfo('page-replacement')!.dragParam!;
    await page.locator(`input[type=range][data-param="${knob}"]`).first().focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => history.length === n + 1, before);
    await page.goBack();
    await page.waitForFunction((short) => location.hash === short, CLIFF);
    await tablesShowCurrentUrl(page);
    await noLongEntries(page);

    // The same link followed from the page (a link clicked, a hash set): the bench's path. The
    // page stays as it was while the worker reads it, then shows its problems and short link.
    // (Back on the short link, a link with no problems: the banner has gone.)
    await page.getByTestId('problems').waitFor({ state: 'detached' });
    await page.evaluate((link) => {
      location.hash = link;
    }, keys);
    await page.getByTestId('problems').waitFor();
    expect(await text(page, 'problems')).toContain(expected[0]!.message);
    const followed = await addressAtProblems(page);
    expect(followed).toHaveLength(2);
    expect(followed[1]).toBeLessThan(LINK_WORKER_CHARS);
    await shortLinkNow(page);
    expect(await page.evaluate(() => location.hash)).toBe(CLIFF);
    await tablesShowCurrentUrl(page);
    await noLongEntries(page);
    // One link worker for the page, kept for the next long link.
    expect(workers.filter((u) => /link\.worker/.test(u))).toHaveLength(1);

    // A short link is read on the page, as before: no link worker.
    const short = await suite.newPage();
    const shortWorkers = watchWorkers(short);
    await short.addInitScript({ content: NOTE_ADDRESS_AT_PROBLEMS });
    await short.goto(suite.url + CLIFF);
    await tablesShowCurrentUrl(short);
    expect(shortWorkers.filter((u) => /link\.worker/.test(u))).toEqual([]);

    // Followed on a page that never read it: the worker reads it, the address becomes the short
    // link, and only then does the page show the reading. (A short link with a problem first,
    // its banner dismissed: the banner's code is loaded, so it would show at once.)
    await short.evaluate((link) => {
      location.hash = link;
    }, `${CLIFF}&zz=1`);
    await short.getByTestId('problems').locator('button.dismiss').click();
    await short.getByTestId('problems').waitFor({ state: 'detached' });
    await short.evaluate((link) => {
      location.hash = link;
    }, keys);
    await short.getByTestId('problems').waitFor();
    expect(await text(short, 'problems')).toContain(expected[0]!.message);
    const read = await addressAtProblems(short);
    expect(read).toHaveLength(2);
    expect(read[1]).toBeLessThan(LINK_WORKER_CHARS);
    expect(shortWorkers.filter((u) => /link\.worker/.test(u))).toHaveLength(1);
    await tablesShowCurrentUrl(short);
  });
});
