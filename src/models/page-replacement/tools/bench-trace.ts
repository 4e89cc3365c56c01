/**
 * The trace panel in headless Chromium: reading 200,000 references from an uploaded file and
 * from pasted text, and refusing 200,001, then opening long links from outside (a packed
 * 200,000-reference string, a megabyte of keys: read in the link worker) — the longest
 * main-thread task of each and the time until the page says what happened. Figures only: nothing is compared with a threshold
 * (the target is no task over 50 ms). Run by `npm run bench`.
 */
import type { Page } from 'playwright-core';
import { findModelInfo } from '../../registry';
import type { ModelInfo } from '../../types';
import { MAX_LINK_CHARS, presetScenario, serializeScenario } from '../../../scenario';
import type { Figure as BenchFigure } from '../../../../scripts/lib/figure';

const trace = (n: number) => Array.from({ length: n }, (_, i) => String(i % 10)).join('\n');

interface Phase {
  longestMs: number;
  count: number;
  ms: number;
  /** A followed link: the longest task after the one that set the hash (the browser's own). */
  afterNavigationMs?: number;
}

/** Runs `act`, waits for `done`, then a moment for trailing tasks; the tasks since `act`. */
async function phase(
  page: Page,
  act: () => Promise<void>,
  done: () => Promise<void>,
): Promise<Phase> {
  const t0 = (await page.evaluate('performance.now()')) as number;
  await act();
  await done();
  const t1 = (await page.evaluate('performance.now()')) as number;
  await page.waitForTimeout(500);
  const tasks = (await page.evaluate(
    `globalThis.__traceTasks.filter((e) => e.start >= ${t0})`,
  )) as { start: number; duration: number }[];
  // Set by `follow` right after `location.hash = …`, in the task that set it.
  const setAt = (await page.evaluate('globalThis.__hashSetAt ?? null')) as number | null;
  const after = setAt === null ? [] : tasks.filter((e) => e.start > setAt);
  return {
    longestMs: Math.round(Math.max(0, ...tasks.map((e) => e.duration))),
    count: tasks.length,
    ms: t1 - t0,
    ...(setAt === null
      ? {}
      : { afterNavigationMs: Math.round(Math.max(0, ...after.map((e) => e.duration))) }),
  };
}

/**
 * Long links, made in the page beforehand (passing a megabyte in is the harness's cost), then
 * followed as from outside: a hash change the app did not make.
 */
async function longLinks(page: Page, link: string, info: ModelInfo) {
  const base = link.slice(link.indexOf('#'));
  await page.evaluate(`(() => {
    const refs = Array.from({ length: 200000 }, (_, i) => (i * 7919) % 1000000).join(',');
    let keys = ${JSON.stringify(base)};
    for (let i = 0; keys.length < ${MAX_LINK_CHARS - 20}; i++) keys += '&k' + i + '=1';
    globalThis.__links = { keys };
  })()`);
  const refs = Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 1_000_000).join(',');
  const packedHash = serializeScenario({
    ...presetScenario(info, 'replacement-loop-cliff'),
    params: { ...presetScenario(info, 'replacement-loop-cliff').params, refs },
  });
  await page.evaluate(
    `globalThis.__links.packed = ${JSON.stringify(packedHash.slice(packedHash.indexOf('#')))}`,
  );
  const follow = (which: 'keys' | 'packed') =>
    page.evaluate(
      `location.hash = globalThis.__links.${which}; globalThis.__hashSetAt = performance.now()`,
    ) as Promise<void>;
  const packedLink = await phase(
    page,
    () => follow('packed'),
    () =>
      page.waitForFunction(() => {
        const r = document.querySelector('[data-testid=results]');
        return (
          r?.getAttribute('data-status') === 'ready' &&
          r.getAttribute('data-rendered-hash') === location.hash
        );
      }) as unknown as Promise<void>,
  );
  const keysLink = await phase(
    page,
    () => follow('keys'),
    () => page.getByTestId('problems').waitFor(),
  );
  return { packedLink, keysLink };
}

/** A phase's figures: its longest task (and after the navigation), and its time. */
function figures(what: string, r: Phase): BenchFigure[] {
  return [
    {
      name: `trace ${what}: longest main-thread task`,
      value: r.longestMs,
      unit: 'ms',
      note: `${r.count} long tasks; target: none over 50 ms`,
    },
    ...(r.afterNavigationMs === undefined
      ? []
      : [
          {
            name: `trace ${what}: longest task after the browser's navigation`,
            value: r.afterNavigationMs,
            unit: 'ms',
            note: "the task that set the hash is the browser's handling of the URL",
          },
        ]),
    { name: `trace ${what}: until the page says so`, value: Math.round(r.ms), unit: 'ms' },
  ];
}

export async function benchBrowserTrace(page: Page, baseUrl: string): Promise<BenchFigure[]> {
  const info = findModelInfo('page-replacement')!;
  const link = serializeScenario(presetScenario(info, 'replacement-loop-cliff'));
  await page.addInitScript({
    content: `globalThis.__traceTasks = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries())
        globalThis.__traceTasks.push({ start: e.startTime, duration: e.duration }); })
        .observe({ type: 'longtask', buffered: true });`,
  });
  await page.goto(baseUrl.replace(/#.*$/, '') + link.slice(link.indexOf('#')));
  await page.getByTestId('trace-file').waitFor();
  await page.waitForTimeout(1000); // the page's own start-up tasks are not the trace's

  // The files are made in the page beforehand and handed to the input as a user's choice
  // would be: Playwright's setInputFiles sends the bytes through the page's main thread,
  // which is the harness's cost, not the app's.
  await page.evaluate(`(() => {
    const trace = (n) => Array.from({ length: n }, (_, i) => String(i % 10)).join('\\n');
    globalThis.__traceFiles = {
      ok: new File([trace(200000)], 'a.trace', { type: 'text/plain' }),
      over: new File([trace(200001)], 'b.trace', { type: 'text/plain' }),
    };
  })()`);
  const choose = (which: 'ok' | 'over') =>
    page.evaluate(`(() => {
      const input = document.querySelector('[data-testid=trace-file-input]');
      const dt = new DataTransfer();
      dt.items.add(globalThis.__traceFiles.${which});
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    })()`) as Promise<void>;
  const upload = await phase(
    page,
    () => choose('ok'),
    () => page.getByText('Loaded 200,000 references from “a.trace”').waitFor(),
  );
  const refusal = await phase(
    page,
    () => choose('over'),
    () => page.getByTestId('trace-file-error').waitFor(),
  );
  await page.getByTestId('trace-file-paste').fill(trace(200_000).replaceAll('\n', ' '));
  const paste = await phase(
    page,
    () => page.getByRole('button', { name: 'Use the pasted string' }).click(),
    () => page.getByText('Loaded 200,000 references from the pasted text').waitFor(),
  );
  const { packedLink, keysLink } = await longLinks(page, link, info);
  return [
    ...figures('upload of 200,000', upload),
    ...figures('refusal of 200,001', refusal),
    ...figures('paste of 200,000', paste),
    ...figures('link of 200,000 packed references', packedLink),
    ...figures('link of 1 MB of keys', keysLink),
  ];
}
