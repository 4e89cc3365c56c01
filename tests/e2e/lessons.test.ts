/**
 * Lessons: reached from the site's navigation and the home page; stepped through with the
 * keyboard (→ twice, ← once), the step's text and the URL's step checked each time; the
 * answer hidden until revealed (button and R); a step's link opened in a fresh page shows that
 * step; axe finds no serious or critical violation on a lesson page, hidden or revealed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Lesson } from '../../src/scenario/lesson';
import { seriousAxeViolations } from './axe';
import { ROOT } from '../../scripts/lib/browser';
import { browserSuite, tablesFor } from './suite';

const suite = browserSuite();
const lesson = JSON.parse(readFileSync(`${ROOT}src/lessons/mpe-ix.json`, 'utf8')) as Lesson;

const stepOfUrl = (page: Page) =>
  page.evaluate(() => new URLSearchParams(location.hash.split('?')[1] ?? '').get('step'));

async function expectStep(page: Page, n: number) {
  const step = lesson.steps[n - 1]!;
  await page.getByTestId('lesson-step-title').filter({ hasText: step.title }).waitFor();
  expect(await page.getByTestId('lesson-text').textContent()).toBe(step.text);
  expect(await page.getByTestId('lesson-progress').textContent()).toBe(
    `Step ${n} of ${lesson.steps.length}`,
  );
  expect(await stepOfUrl(page)).toBe(String(n));
}

/** The first model cell's visibility, and what it shows: "hidden" until revealed. */
const modelCellVisibility = (page: Page) =>
  page
    .locator('td.model')
    .first()
    .evaluate((td) => getComputedStyle(td).visibility);

/** Whether anything of the charts but their heading is displayed. */
const chartsShown = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.lesson-page .charts > :not(.charts-heading)')].some(
      (e) => getComputedStyle(e).display !== 'none',
    ),
  );

describe('Lessons', () => {
  it('steps through a lesson with the keyboard and reveals the answer', async () => {
    const page = await suite.open('');
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
    // The home page links each paper's lesson; the site's navigation lists them all.
    expect(await page.getByRole('link', { name: /^Guided lesson for a class/ }).count()).toBe(5);
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Lessons' })
      .click();
    await page.getByRole('heading', { name: 'Lessons', level: 1 }).waitFor();
    await page.getByRole('link', { name: lesson.title }).click();
    await expectStep(page, 1);
    await page.locator('td.model').first().waitFor({ state: 'attached' });

    // Hidden before the reveal: model, paper and error cells, and the charts.
    expect(await page.getByTestId('lesson-reveal').getAttribute('aria-pressed')).toBe('false');
    expect(await modelCellVisibility(page)).toBe('hidden');
    expect(await chartsShown(page)).toBe(false);

    // → twice, ← once; the focus is on the page, not in a form field.
    await page.getByTestId('lesson-step-title').click();
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 2);
    await page.keyboard.press('ArrowRight');
    await expectStep(page, 3);
    await page.keyboard.press('ArrowLeft');
    await expectStep(page, 2);
    // PageDown and PageUp too.
    await page.keyboard.press('PageDown');
    await expectStep(page, 3);
    await page.keyboard.press('PageUp');
    await expectStep(page, 2);

    // Step 2's model: the CATALOG table. Reveal with R: the values show, the link says so.
    await page
      .locator('[data-testid="table-mpe-catalog-resident"] td.model')
      .first()
      .waitFor({ state: 'attached' });
    expect(await modelCellVisibility(page)).toBe('hidden');
    await page.keyboard.press('r');
    await page.waitForFunction(() => location.hash.includes('reveal=1'));
    expect(await page.getByTestId('lesson-reveal').getAttribute('aria-pressed')).toBe('true');
    expect(await modelCellVisibility(page)).toBe('visible');
    expect(await chartsShown(page)).toBe(true);
    const cell = (await page.locator('td.model').first().textContent()) ?? '';
    expect(cell).toMatch(/\d/);
    // The button hides it again; Next starts the next step hidden.
    await page.getByTestId('lesson-reveal').click();
    await page.waitForFunction(() => !location.hash.includes('reveal=1'));
    expect(await modelCellVisibility(page)).toBe('hidden');
    await page.keyboard.press('r');
    await page.getByTestId('lesson-next').click();
    await expectStep(page, 3);
    expect(await page.getByTestId('lesson-reveal').getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => location.hash)).not.toContain('reveal=1');

    // Arrow keys in a form field stay the field's: a slider keeps its own keys.
    const slider = page.locator('.lesson-page input[type="range"]').first();
    await slider.waitFor();
    const before = await page.evaluate(() => location.hash);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    expect(before).toContain('step=3');
    expect(await page.evaluate(() => location.hash)).not.toContain('step=4');
  });

  it('opens a step from its link in a fresh page, revealed as the link says, and passes axe', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=3`);
    await expectStep(page, 3);
    expect(await page.getByTestId('lesson-question').textContent()).toContain(
      lesson.steps[2]!.question,
    );
    expect(await page.locator('.problems').count()).toBe(0);
    await page.locator('td.model').first().waitFor({ state: 'attached' });
    expect(await modelCellVisibility(page)).toBe('hidden');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A static host has no class server: no class to start, and a class link says so.
    expect(await page.getByTestId('class-start').count()).toBe(0);
    await page.goto(`${suite.url}#/class/abcdefghjk`);
    await page.getByTestId('class-no-server').waitFor();
    expect(await page.getByTestId('class-no-server').textContent()).toContain('npm run class');

    const shown = await suite.open(`#/lesson/${lesson.id}?step=3&reveal=1&view=projector`);
    await expectStep(shown, 3);
    await shown.locator('td.model').first().waitFor({ state: 'attached' });
    expect(await modelCellVisibility(shown)).toBe('visible');
    expect(
      await shown.evaluate(() => document.documentElement.classList.contains('projector')),
    ).toBe(true);
    // Projector mode is kept from step to step.
    await shown.getByTestId('lesson-next').click();
    await expectStep(shown, 4);
    expect(await shown.evaluate(() => location.hash)).toContain('view=projector');
    await shown.locator('td.model').first().waitFor({ state: 'attached' });
    expect(await seriousAxeViolations(shown)).toEqual([]);
  });

  it('Reveal highlights the cells of every number the step asks; Hide unmarks them', async () => {
    const page = await suite.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${suite.url}#/lesson/mpe-ix?step=1`);
    await page.locator('td.model').first().waitFor({ state: 'attached' });
    const asks = lesson.steps[0]!.asks;
    expect(await page.locator('[data-answer]').count()).toBe(0);
    await page.getByTestId('lesson-reveal').click();
    const marked = page.locator('[data-answer]');
    await marked.first().waitFor({ state: 'attached' });
    // The model's, the paper's and the error cell of the answer's row and column.
    const cells = await marked.evaluateAll((els) =>
      els.map((e) => ({
        column: e.getAttribute('data-column'),
        row: e.closest('tr')?.querySelector('th')?.firstChild?.textContent?.trim(),
        table: e.closest('[data-testid^="table-"]')?.getAttribute('data-testid'),
      })),
    );
    // The cells of every number the step asks, and no other.
    const wanted = asks.map((a) => ({ column: a.column, row: a.row, table: `table-${a.table}` }));
    for (const c of cells) expect(wanted).toContainEqual(c);
    for (const w of wanted) expect(cells).toContainEqual(w);
    expect(await marked.first().evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
    await page.getByTestId('lesson-reveal').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-answer]').length === 0);
  });

  it('says so for an unknown lesson, and shows the last step for a step past the end', async () => {
    const page = await suite.open('#/lesson/no-such-lesson');
    expect(await page.getByTestId('lesson-error').textContent()).toContain('no-such-lesson');
    await page.goto(`${suite.url}#/lesson/${lesson.id}?step=99`);
    // The URL keeps the requested step; the page shows the last one and says why.
    await page
      .getByTestId('lesson-step-title')
      .filter({ hasText: lesson.steps.at(-1)!.title })
      .waitFor();
    expect(await page.getByTestId('lesson-progress').textContent()).toBe(
      `Step ${lesson.steps.length} of ${lesson.steps.length}`,
    );
    expect(await page.getByText(/step 99 does not exist/).count()).toBe(1);
    // The list of lessons passes axe too.
    await page.goto(`${suite.url}#/lessons`);
    await page.getByTestId(`lesson-${lesson.id}`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('Lessons: exports and changes', () => {
  /** Export controls on screen (results JSON, a table's CSV, a chart's SVG/PNG). */
  const exportsShown = (page: Page) =>
    page.evaluate(
      () =>
        [
          ...document.querySelectorAll(
            '.lesson-page :is(.results-json, .table-downloads, .chart-downloads) button',
          ),
        ].filter((b) => (b as HTMLElement).offsetParent !== null).length,
    );

  it('before Reveal nothing exports the answer; after it, Copy results gives the values shown', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=1`, [
      'clipboard-read',
      'clipboard-write',
    ]);
    await tablesFor(page, 'table=mpe-sl-seq');
    await page.locator('td.model').first().waitFor({ state: 'attached' });
    expect(await exportsShown(page)).toBe(0);
    expect(await page.getByText('Copy results (JSON)').isVisible()).toBe(false);
    expect(await page.getByText('Download CSV').first().isVisible()).toBe(false);

    await page.getByTestId('lesson-reveal').click();
    await page.waitForFunction(() => location.hash.includes('reveal=1'));
    await page.waitForFunction(
      () => document.querySelector('[data-testid=results]')?.getAttribute('data-intervals') === '',
    );
    expect(await exportsShown(page)).toBeGreaterThan(2);
    // Papers are cited by author, title and section, never by their seed file's name.
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/\d{3}_[0-9a-f]{16}\.txt/);
    expect(text).toContain('Source: S. Sieler, “MPE/iX and Performance: Not Incompatible”, §1.3');
    const copy = page.getByTestId('results-json');
    await copy.waitFor();
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('[data-testid=results-json]')?.disabled,
    );
    await copy.click();
    // The clipboard is written after the click returns: read it once the button says so.
    await page.locator('.results-json').getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      tables: { rows: { label: string; model: Record<string, number> }[] }[];
    };
    const shown = (await page.locator('td.model').first().textContent()) ?? '';
    const first = json.tables[0]!.rows[0]!;
    expect(
      shown
        .replace(/\D/g, '')
        .startsWith(String(Math.round(Object.values(first.model)[0]!)).slice(0, 3)),
    ).toBe(true);
  });

  it('a parameter changed in a step stays in the step; undo, reload, Back to the step’s values and Next', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=4`);
    await expectStep(page, 4);
    await tablesFor(page, 'prefetchDistanceRecords=16&');
    expect(await page.getByTestId('undo').isDisabled()).toBe(true);
    expect(await page.getByTestId('reset').isDisabled()).toBe(true);

    // Typed with the keyboard: the URL is still the lesson's, at step 4, with the change.
    const field = page.getByLabel('Prefetch distance, exact value in records');
    await field.fill('');
    await field.pressSequentially('32');
    await page.waitForFunction(() =>
      /^#\/lesson\/mpe-ix\?step=4&prefetchDistanceRecords=32$/.test(location.hash),
    );
    await tablesFor(page, 'prefetchDistanceRecords=32&');
    await expectStep(page, 4);
    expect(await page.getByTestId('differs-note').textContent()).toContain(
      'You changed this step’s scenario (Prefetch distance)',
    );

    // Undo returns to the step's values; redo brings the change back.
    await page.getByTestId('undo').click();
    await page.waitForFunction(() => location.hash === '#/lesson/mpe-ix?step=4');
    await tablesFor(page, 'prefetchDistanceRecords=16&');
    await page.getByTestId('redo').click();
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=32'));
    await tablesFor(page, 'prefetchDistanceRecords=32&');

    // The link keeps the change: a reload shows it, in the lesson.
    await page.reload();
    await expectStep(page, 4);
    await tablesFor(page, 'prefetchDistanceRecords=32&');
    expect(await field.inputValue()).toBe('32');

    // Back to this step's values: the change goes, the step stays.
    await page.getByTestId('reset').click();
    await page.waitForFunction(() => location.hash === '#/lesson/mpe-ix?step=4');
    await tablesFor(page, 'prefetchDistanceRecords=16&');

    // Next starts the next step with its own scenario, whatever was changed here.
    await field.fill('');
    await field.pressSequentially('40');
    await page.waitForFunction(() => location.hash.includes('prefetchDistanceRecords=40'));
    await page.getByTestId('lesson-next').click();
    await expectStep(page, 5);
    expect(await page.evaluate(() => location.hash)).toBe('#/lesson/mpe-ix?step=5');
  });

  it('a bad change in a lesson link says what was wrong and shows the step', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=1&records=lots`);
    await expectStep(page, 1);
    expect(await page.getByTestId('lesson-change-problems').textContent()).toContain('records');
    await tablesFor(page, 'table=mpe-sl-seq');
  });
});

/** Whether `el` is inside the window and on top at its centre (nothing covers it). */
const onScreen = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const els = [...document.querySelectorAll(sel)];
    return (
      els.length > 0 &&
      els.every((el) => {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
          return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && (el === hit || el.contains(hit));
      })
    );
  }, selector);

/** A number as the page prints it: "148,893" → 148893, "−3.5" → −3.5. */
const numberIn = (text: string) => Number(text.replace(/,/g, '').replace('\u2212', '-'));

describe('Lessons: predictions', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}: one box per number asked, kept; the reveal sets them beside the model and the paper, with the question on screen`, async () => {
      const page = await suite.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${suite.url}#/lesson/${lesson.id}?step=1`);
      await expectStep(page, 1);
      const step = lesson.steps[0]!;
      // "Predict both": two fields, each labelled with what it asks, in its unit.
      const fields = page.getByTestId('lesson-prediction');
      expect(await fields.count()).toBe(step.asks.length);
      expect(step.asks.length).toBe(2);
      for (const ask of step.asks) expect(await page.getByLabel(ask.label).count()).toBe(1);
      await page.getByLabel(step.asks[0]!.label).fill('150');
      await page.getByLabel(step.asks[1]!.label).fill('45');
      // Kept in this browser: a reload finds them.
      await page.reload();
      await expectStep(page, 1);
      expect(await page.getByLabel(step.asks[0]!.label).inputValue()).toBe('150');
      expect(await page.getByLabel(step.asks[1]!.label).inputValue()).toBe('45');

      // The teacher is down at the table when revealing, with R.
      await page.locator('td.model').first().waitFor({ state: 'attached' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => window.scrollY > 300);
      await page.keyboard.press('r');
      await page.waitForFunction(() => location.hash.includes('reveal=1'));
      const answers = page.getByTestId('lesson-answer');
      await answers.nth(1).waitFor();
      const lines = await answers.allTextContents();
      expect(lines[0]).toContain(`${step.asks[0]!.label}: You said 150 s · the model says `);
      expect(lines[1]).toContain(`${step.asks[1]!.label}: You said 45 s · the model says `);
      for (const line of lines) expect(line).toMatch(/ · the paper [\d,.]+ s\.$/);
      // The model's number is the table's cell (ms), in the asked unit (s).
      const cell = await page
        .locator(`[data-testid="table-${step.asks[0]!.table}"] tr`, { hasText: step.asks[0]!.row })
        .first()
        .locator(`td.model[data-column="${step.asks[0]!.column}"]`)
        .textContent();
      const said = /the model says ([\d,.]+) s/.exec(lines[0]!)![1]!;
      expect(numberIn(said)).toBe(Math.round(numberIn(/^[\d,.]+/.exec(cell!.trim())![0]) / 1000));
      // Question and answer on one screen, neither covered.
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid=lesson-answer]').length === 2,
      );
      expect(await onScreen(page, '[data-testid=lesson-question]')).toBe(true);
      expect(await onScreen(page, '[data-testid=lesson-answer]')).toBe(true);
    });
  }

  it('the LRU step asks for misses and sets them beside the model’s misses; a step that shows little says why', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=5`);
    await expectStep(page, 5);
    const step = lesson.steps[4]!;
    expect(step.asks.map((a) => a.column)).toEqual(['misses', 'misses']);
    await page.getByLabel(step.asks[0]!.label).fill('10,000');
    await page.getByTestId('lesson-reveal').click();
    const answers = page.getByTestId('lesson-answer');
    await answers.first().waitFor();
    const line = (await answers.first().textContent())!;
    expect(line).toContain('You said 10,000 · the model says ');
    const lru = await page
      .locator('[data-testid="table-replacement"] tr', { hasText: 'LRU' })
      .first()
      .locator('td.model[data-column="misses"]')
      .textContent();
    expect(line).toContain(`the model says ${lru!.trim().split(/\s/)[0]}`);
    expect(await page.getByTestId('lesson-why').count()).toBe(0);

    // Step 4 reveals a small change: it says why, in the model's numbers.
    await page.goto(`${suite.url}#/lesson/${lesson.id}?step=4&reveal=1`);
    await expectStep(page, 4);
    await page.getByTestId('lesson-why').waitFor();
    expect(await page.getByTestId('lesson-why').textContent()).toBe(`Why: ${lesson.steps[3]!.why}`);
    // Hidden again: the box comes back with what was typed (nothing here).
    await page.getByTestId('lesson-reveal').click();
    await page.getByTestId('lesson-predict').waitFor();
    expect(await page.getByTestId('lesson-prediction').inputValue()).toBe('');
  });
});

describe('Lessons: what changed and why', () => {
  it('a knob that makes each step dearer is named, with what moved in its units', async () => {
    const page = await suite.open(`#/lesson/${lesson.id}?step=2&reveal=1`);
    await expectStep(page, 2);
    await page.locator('td.model').first().waitFor({ state: 'attached' });
    // The fitted CPU costs start folded: open them to type one, once the parameters' controls
    // (a chunk of their own, which may come after the tables) are there.
    const field = page.getByLabel('FREAD call, per record, exact value in µs');
    await field.waitFor({ state: 'attached' });
    await page.evaluate(() => {
      for (const d of document.querySelectorAll('details.param-section'))
        d.setAttribute('open', '');
    });
    const before = Number((await field.inputValue()).replace(/,/g, ''));
    await field.fill(String(Math.round(before * 2)));
    await field.press('Enter');
    const why = page.getByTestId('change-summary').locator('.change-why');
    await why.filter({ hasText: 'No count inside the model changed' }).waitFor();
    const text = (await why.textContent()) ?? '';
    // Issue #32: the sentence names the knob and what moved, not "no count moved by 1 %".
    expect(text).not.toMatch(/moved by 1 % or more/);
    expect(text).toMatch(/Also moved: CPU, Fread: [\d,]+ → [\d,]+ ms/);
    expect(text).toMatch(
      /FREAD call, per record [\d,.]+ µs → [\d,.]+ µs changes what each step costs, not how many steps there are\./,
    );
  });
});
