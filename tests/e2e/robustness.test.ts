/**
 * Robustness in the browser: markup in a link is never inserted as HTML; the page's results
 * JSON is byte for byte the CLI's; a 100,000-reference string works from a (packed) link and
 * from an uploaded trace file.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { run } from '../../scripts/explore';
import { seriousAxeViolations } from './axe';
import { browserSuite, hashOf, tablesShowCurrentUrl, text } from './suite';

const suite = browserSuite();

const info = (id: string) => MODEL_INFOS.find((m) => m.id === id)!;
const pageReplacement = defaultScenario(info('page-replacement'));

/** Park–Miller, seeded: like OSTEP's `paging-policy.py -n 100000 -m 10 -s 7`. */
function ostepTrace(n: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: n }, () => {
    s = (s * 48271) % 2147483647;
    return Math.floor((s / 2147483647) * 10);
  });
}

/** Copies the page's results document through a stand-in clipboard, and returns its text. */
const copiedResults = (page: Page) => copied(page, 'results-json');

/** Presses a copy button (`testId`) with a stand-in clipboard, and returns what it copied. */
async function copied(page: Page, testId: string): Promise<string> {
  await page.evaluate(() => {
    delete (window as { __copied?: string }).__copied;
    const w = window as unknown as { __copied?: string };
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (t: string) => Promise.resolve(void (w.__copied = t)) },
    });
  });
  const button = page.getByTestId(testId);
  await page.waitForFunction(
    (id) => !(document.querySelector(`[data-testid=${id}]`) as HTMLButtonElement)?.disabled,
    testId,
  );
  await button.click();
  await page.waitForFunction(() => typeof (window as { __copied?: string }).__copied === 'string');
  return page.evaluate(() => (window as unknown as { __copied: string }).__copied);
}

describe('nothing from the URL is inserted as HTML', () => {
  const payloads = [
    '<img src=x onerror="window.__pwned=1">',
    '"><script>window.__pwned=1</script>',
    "'><svg onload=window.__pwned=1>",
  ];
  const injected = (page: Page) =>
    page.evaluate(() => ({
      pwned: (window as { __pwned?: unknown }).__pwned ?? null,
      img: document.querySelectorAll('img[src="x"], img[src$="/x"]').length,
      svg: document.querySelectorAll('svg[onload]').length,
      scripts: [...document.querySelectorAll('script')].filter((s) =>
        s.textContent?.includes('__pwned'),
      ).length,
    }));
  const clean = { pwned: null, img: 0, svg: 0, scripts: 0 };
  /**
   * The problems banner once it says `words`: one page opens link after link, and the banner
   * of the link before stays on screen until the new link is read.
   */
  const bannerNaming = async (page: Page, words: string) => {
    await page.waitForFunction(
      (w) => document.querySelector('[data-testid=problems]')?.textContent?.includes(w) ?? false,
      words,
    );
    return page.getByTestId('problems');
  };

  it('markup in a number, an option, a list, an unknown key and the version', async () => {
    const page = await suite.newPage();
    for (const payload of payloads) {
      const m = encodeURIComponent(payload);
      // page-replacement has all three kinds: number (memoryKB), option (pattern), list (refs).
      await page.goto(
        `${suite.url}#/page-replacement?memoryKB=${m}&pattern=${m}&refs=${m}&${m}=1&v=${m}`,
      );
      const banner = await bannerNaming(page, payload.slice(0, 20));
      await page.waitForSelector('[data-testid=results][data-status=ready]');
      const said = (await banner.textContent()) ?? '';
      // Shown as text, literally (messages quote at most 40 characters of a value).
      expect(said).toContain(payload.slice(0, 20));
      for (const key of ['memoryKB', 'pattern', 'refs', 'v']) expect(said).toContain(key);
      expect(await injected(page)).toEqual(clean);
    }
  });

  it('markup in the route: an unknown model, and text after the model name', async () => {
    const page = await suite.newPage();
    for (const payload of payloads) {
      const m = encodeURIComponent(payload);
      await page.goto(`${suite.url}#/${m}?a=1`);
      const banner = await bannerNaming(page, `unknown model '${payload.slice(0, 20)}`);
      expect((await banner.textContent()) ?? '').toContain(
        `unknown model '${payload.slice(0, 20)}`,
      );
      // Not the home page: a page that says there is no such page, and the ways in.
      await page.getByTestId('not-found').waitFor();
      expect(await injected(page)).toEqual(clean);

      await page.goto(`${suite.url}#/file-access/${m}?records=${m}`);
      // The unknown model's page (its banner names the payload too) has no results.
      await page.waitForSelector('[data-testid=results][data-status=ready]');
      await bannerNaming(page, payload.slice(0, 20));
      expect((await page.getByTestId('problems').textContent()) ?? '').toContain(
        payload.slice(0, 20),
      );
      expect(await injected(page)).toEqual(clean);
    }
  });
});

describe('the page’s results JSON is the CLI’s, byte for byte', () => {
  const links = [
    ...MODEL_INFOS.map((m) => serializeScenario(defaultScenario(m))),
    serializeScenario({
      ...pageReplacement,
      params: { ...pageReplacement.params, pattern: 'zipf', seed: 424242, refCount: 20_000 },
    }),
  ];

  for (const link of links) {
    it(link.slice(0, 60), { timeout: 240_000 }, async () => {
      const cli = await run([link, '--format', 'json']);
      expect(cli.exitCode, cli.stderr).toBe(0);
      const page = await suite.newPage();
      await page.goto(suite.url + hashOf(link));
      await tablesShowCurrentUrl(page);
      const copied = await copiedResults(page);
      expect(copied.length).toBe(cli.stdout.length);
      expect(copied).toBe(cli.stdout);
    });
  }
});

describe('100,000 references', () => {
  const refs = ostepTrace(100_000, 7);

  it(
    'from a packed link: the tables count every reference, and match the CLI',
    { timeout: 240_000 },
    async () => {
      const link = serializeScenario({
        ...pageReplacement,
        params: { ...pageReplacement.params, refs: refs.join(','), memoryKB: 16 },
      });
      expect(link).toContain('refs=packed.');
      const page = await suite.newPage();
      await page.goto(suite.url + hashOf(link));
      await tablesShowCurrentUrl(page);
      expect(await text(page, 'table-replacement')).toContain(
        'Your string: 100,000 references to 10 pages',
      );
      // The address names the list, kept in this browser (issue 37: no 70 KB address written
      // on every step); the link to share is the full one, packed list and all.
      const address = await page.evaluate(() => location.hash);
      expect(address).toMatch(/[?&]refs=kept\.[0-9a-z-]+&/);
      expect(address.length).toBeLessThan(2000);
      expect(await copied(page, 'copy-link')).toBe(suite.url + hashOf(link));
      // The list control sums it up rather than showing 200,000 characters on one line.
      expect(await page.getByLabel('Explicit reference string', { exact: true }).inputValue()).toBe(
        '100,000 items (too long to edit here)',
      );
      expect(await copiedResults(page)).toBe((await run([link])).stdout);
    },
  );

  it(
    'from an uploaded trace file: the results table, and the link carries it',
    { timeout: 240_000 },
    async () => {
      const page = await suite.newPage();
      await page.goto(suite.url + hashOf(serializeScenario(pageReplacement)));
      await tablesShowCurrentUrl(page);
      const panel = page.getByTestId('trace-file');
      await panel.waitFor();
      // Labelled, keyboard-usable controls: no serious axe violation in the panel.
      expect(await seriousAxeViolations(page, '[data-testid=trace-file]')).toEqual([]);

      // Bad content first: a clear message naming the line, and nothing applied.
      const before = await page.evaluate(() => location.hash);
      await page.getByTestId('trace-file-input').setInputFiles({
        name: 'bad.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('1\n2\n0x1f\n'),
      });
      await page.getByTestId('trace-file-error').waitFor();
      expect(await text(page, 'trace-file-error')).toContain('line 3: "0x1f" is not a page number');
      expect(await page.evaluate(() => location.hash)).toBe(before);

      await page.getByTestId('trace-file-input').setInputFiles({
        name: 'ostep.trace',
        mimeType: 'text/plain',
        buffer: Buffer.from(`# paging-policy.py -n 100000 -m 10 -s 7\n${refs.join('\n')}\n`),
      });
      await page.getByText('Loaded 100,000 references from “ostep.trace”').waitFor();
      await tablesShowCurrentUrl(page);
      expect(await text(page, 'table-replacement')).toContain(
        'Your string: 100,000 references to 10 pages',
      );
      const hash = await page.evaluate(() => location.hash);
      expect(hash).toMatch(/[?&]refs=kept\.[0-9a-z-]+&/);
      expect(await text(page, 'trace-file-current')).toContain(
        'an explicit string of 100,000 references',
      );
      // A step writes the short address, never the packed list (issue 37).
      await page.getByLabel('Memory, exact value in KB').fill('32');
      await page.waitForFunction(() => location.hash.includes('memoryKB=32&'));
      await tablesShowCurrentUrl(page);
      expect((await page.evaluate(() => location.href)).length).toBeLessThan(2000);
      expect(await text(page, 'table-replacement')).toContain('Your string: 100,000 references');

      // The link copied alone reproduces it, in a browser that never saw the trace.
      const full = await copied(page, 'copy-link');
      expect(full).toContain('refs=packed.');
      const other = await suite.newPage();
      await other.goto(full);
      await tablesShowCurrentUrl(other);
      expect(await text(other, 'table-replacement')).toBe(await text(page, 'table-replacement'));
      // The address alone there names a list that browser does not have: it says so.
      const elsewhere = await suite.newPage();
      await elsewhere.goto(suite.url + (await page.evaluate(() => location.hash)));
      await elsewhere.getByTestId('problems').waitFor();
      expect(await text(elsewhere, 'problems')).toContain(
        'names a list of references kept in the browser where this link was made',
      );

      // Pasted text works the same way, and Clear goes back to the generated string.
      await page.getByTestId('trace-file-paste').fill('1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5');
      await page.getByRole('button', { name: 'Use the pasted string' }).click();
      await page.getByText('Loaded 12 references from the pasted text').waitFor();
      // The address first: the tables of the address before it are "the current URL's" too.
      await page.waitForFunction(() => location.hash.includes('refs=1,2,3,4,1,2,5,1,2,3,4,5&'));
      await tablesShowCurrentUrl(page);
      await page.getByRole('button', { name: 'Clear it' }).click();
      await page.waitForFunction(() => location.hash.includes('refs=&'));
      await tablesShowCurrentUrl(page);
    },
  );
});
