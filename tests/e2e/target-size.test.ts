/**
 * WCAG 2.2 2.5.8 Target Size (Minimum) on a 390×844 phone (issue #31): every pointer target
 * on every model page, the home page, a lesson step, the lessons, the glossary, the predictions
 * and the machine page (#35) is at least 24 × 24 CSS px, but for a link inline in a sentence
 * (the criterion's inline exception). Stricter than the criterion, which also lets an
 * undersized target pass when spaced: here none is undersized at all. The failures are listed
 * by what they are, so a miss says where to look.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_INFOS } from '../../src/models/registry';
import { defaultScenario, serializeScenario } from '../../src/scenario';
import { browserSuite, framesDrawn, hashOf } from './suite';

const suite = browserSuite();

/** Each page, and what shows it is all there (its data and its lazy parts, not only a frame). */
const PAGES: [name: string, hash: string, ready: string[]][] = [
  ['home', '#/', ['.model-link']],
  ...MODEL_INFOS.map((m): [string, string, string[]] => [
    m.id,
    hashOf(serializeScenario(defaultScenario(m))),
    ['[data-testid=results][data-status=ready]', '.controls .control-doc'],
  ]),
  ['lesson', '#/lesson/mpe-ix?step=1', ['[data-testid=results][data-status=ready]']],
  // Issue #35: the other pages a student reaches, and a chart's walk opened on a model page.
  ['lessons', '#/lessons', ['a[href^="#/lesson/"]']],
  ['glossary', '#/glossary', ['[data-testid=glossary-list]']],
  ['predictions', '#/predictions', ['table']],
  ['your machine', '#/machine', ['[data-testid=machine-score]']],
];

/** Every pointer target under 24 × 24 px but links in a sentence, described. */
function undersizedTargets(): string[] {
  const MIN = 24;
  const SELECTOR =
    'input:not([type=hidden]), button, select, textarea, summary, a[href], [role=slider], [tabindex]:not([tabindex="-1"])';
  const targets = [...document.querySelectorAll<HTMLElement>(SELECTOR)]
    .filter((el) => !(el as HTMLButtonElement).disabled)
    .map((el) => ({ el, box: el.getBoundingClientRect() }))
    // Not rendered (a closed <details>, a hidden panel): nothing to hit.
    .filter(({ box }) => box.width > 0 && box.height > 0);
  /** A link in a run of text: its height is the line's (the inline exception). */
  const inlineInText = (el: HTMLElement) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    // The block the link's line belongs to: the nearest ancestor that is not inline.
    let block = el.parentElement;
    while (block && /^(inline|contents)$/.test(getComputedStyle(block).display))
      block = block.parentElement;
    const own = (el.textContent ?? '').trim();
    const around = (block?.textContent ?? '').trim();
    return around.length > own.length;
  };
  const small = targets.filter(
    ({ el, box }) => (box.width < MIN || box.height < MIN) && !inlineInText(el),
  );
  return small.map(({ el, box }) => {
    const name = (
      el.getAttribute('aria-label') ||
      el.textContent ||
      el.getAttribute('data-param') ||
      el.id
    )
      .trim()
      .slice(0, 40);
    const cls =
      el.className && typeof el.className === 'string'
        ? `.${el.className.trim().split(/\s+/).join('.')}`
        : '';
    const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
    return `${el.tagName.toLowerCase()}${type}${cls} “${name}” ${box.width.toFixed(0)}×${box.height.toFixed(0)}`;
  });
}

let page: Page;

it.each(PAGES)('390×844: no pointer target under 24×24 px: %s', async (name, hash, ready) => {
  if (!page) {
    page = await suite.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await page.goto('about:blank');
  await page.goto(suite.url + hash);
  for (const selector of ready) await page.waitForSelector(selector, { state: 'attached' });
  // The lazy panels and the parameters' docs have arrived: nothing is still loading.
  await page.waitForLoadState('networkidle');
  // The last chunk's parts are drawn, and laid out (a table stacks in the frame after).
  await framesDrawn(page);
  expect(await page.evaluate(undersizedTargets), name).toEqual([]);
});
