/**
 * axe-core on every page that is not a model page (those are in layout.test.ts, normal and
 * projector): the home page in both views, the scoreboard, the list of lessons, the first
 * step of every lesson (answer hidden), a compare page and an embed page.
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { presetScenario, serializeScenario } from '../../src/scenario';
import { seriousAxeViolations } from './axe';
import { ROOT } from '../../scripts/lib/browser';
import { browserSuite, hashOf } from './suite';

const suite = browserSuite();

const LESSONS = readdirSync(`${ROOT}src/lessons`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

const CLIFF = hashOf(
  serializeScenario(presetScenario(pageReplacementModel, 'replacement-loop-cliff')),
);

/** Each page, and what shows it is there (its data has arrived, not only its frame). */
const PAGES: [name: string, hash: string, ready: string][] = [
  ['home', '#/', '.model-link'],
  ['home, projector', '#/?view=projector', '.model-link'],
  ['predictions', '#/predictions', 'table'],
  ['lessons', '#/lessons', 'a[href^="#/lesson/"]'],
  ...LESSONS.map((id): [string, string, string] => [
    `lesson ${id}`,
    `#/lesson/${id}?step=1`,
    '[data-testid=results][data-status=ready]',
  ]),
  [
    'compare',
    `${CLIFF}&compare=1&a.memoryKB=12`,
    '[data-testid=compare-panel][data-a-ready=true] [data-testid^=difference-]',
  ],
  ['embed', `embed/${CLIFF}&view=embed&controls=read`, '[data-testid=param-readout]'],
  ['not found', '#/no-such-page?x=1', '[data-testid=not-found]'],
  ['class mode without its server', '#/class/abcdefghjk', '[data-testid=class-no-server]'],
];

let page: Page;

it.each(PAGES)('axe-core finds no serious or critical violation: %s', async (name, hash, ready) => {
  page ??= await suite.newPage();
  await page.goto('about:blank');
  await page.goto(suite.url + hash);
  await page.waitForSelector(ready);
  expect(LESSONS.length).toBe(5);
  expect(await seriousAxeViolations(page), name).toEqual([]);
});
