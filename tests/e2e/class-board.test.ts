/**
 * A teacher's board for a real room: one teacher (Chromium, 1024×768, projector mode) and 10
 * students — two in browsers of their own, eight through the class API from the test (ten
 * browsers are too heavy for two cores) — on the real class server (server/main.ts, a child
 * process). The teacher drives the class with clicker keys only (F5, PageDown, PageUp, `b`,
 * `.`, `l`, `r`), with names anonymised and a minimum count before the distribution shows;
 * pause reaches every student's page; presses made while a request is in flight are applied
 * after it, not dropped; the per-step summary is exported.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ClassState, Joined } from '../../src/class/protocol';
import { seriousAxeViolations } from './axe';
import { classApi, errorOf } from '../unit/class-helpers';
import { startClassServer } from '../../scripts/lib/classServer';
import { browserSuite, createdClass, framesDrawn, startClass } from './suite';

const suite = browserSuite(startClassServer, { width: 390, height: 844 });
const newPage = (viewport?: { width: number; height: number }) =>
  suite.newPage([], viewport ? { viewport } : {});

/** Whether the element's centre is inside the window and the element itself is hit there. */
async function hitInView(page: Page, testId: string): Promise<boolean> {
  // Projector mode was just turned on or off: the board is laid out in the frame after.
  await framesDrawn(page);
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width === 0 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

const api = classApi((path, init) => fetch(new URL(path, suite.url), init));

/** Waits until the board shows `step` and `phase` (the stream's state, not a time). */
const boardAt = (teacher: Page, step: number, phase: ClassState['phase']) =>
  teacher
    .locator(`[data-testid="class-teacher"][data-step="${step}"][data-phase="${phase}"]`)
    .waitFor();

describe('A teacher’s board driven by a clicker', () => {
  it('runs a class of 10 with clicker keys, pause, anonymised names and a minimum count', async () => {
    const teacher = await newPage({ width: 1024, height: 768 });
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1');
    const created = await createdClass(teacher, code);

    // The clicker's start button: projector mode, and Lock, Reveal and Next hit in view.
    await teacher.keyboard.press('F5');
    await teacher.waitForFunction(() => document.documentElement.classList.contains('projector'));
    expect(teacher.url()).toMatch(/view=projector/);
    await teacher.getByTestId('class-lock').waitFor();
    for (const id of ['class-lock', 'class-reveal', 'class-next'])
      expect(await hitInView(teacher, id), id).toBe(true);

    // Anonymise, and the distribution from 10 answers. Keys typed in the box stay the box's.
    await teacher.getByTestId('class-anonymise').click();
    await teacher.locator('[data-testid="class-anonymise"]:checked').waitFor();
    const min = teacher.getByTestId('class-min-answers');
    await min.fill('');
    await min.press('b');
    await min.fill('10');
    await min.press('Enter');
    await teacher.getByText('0 of 10 answers before the distribution shows').waitFor();
    expect(await teacher.getByTestId('class-paused').count()).toBe(0);
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // Two students in browsers, eight through the API.
    const browsers: Page[] = [];
    for (const name of ['Ana Real', 'Ben Real']) {
      const page = await newPage();
      await page.goto(`${suite.url}#/class/${code}`);
      await page.getByTestId('class-name').fill(name);
      await page.getByTestId('class-join').click();
      await page.getByTestId('class-value').nth(1).waitFor();
      browsers.push(page);
    }
    const others: Joined[] = [];
    for (let i = 0; i < 8; i++) {
      others.push(await api.join({ code }, `Api Student ${i}`));
    }
    await teacher.getByTestId('class-joined').filter({ hasText: '10' }).waitFor();

    // Nine answer: the board counts, and draws no distribution yet.
    for (const [i, s] of others.entries())
      expect((await api.answer({ code }, s, 1, { values: [40 + i, 300 + i] })).status).toBe(200);
    const ana = browsers[0]!;
    await ana.getByTestId('class-value').nth(0).fill('45');
    await ana.getByTestId('class-value').nth(1).fill('310');
    await ana.getByTestId('class-submit').click();
    await teacher.getByText('9 of 10 answers before the distribution shows').waitFor();
    expect(await teacher.getByTestId('class-strip').locator('.class-dot').count()).toBe(0);

    // Names on the board are "Student N", never the names typed.
    await teacher.locator('.class-roster summary').click();
    const names = await teacher.locator('.class-roster-name').allTextContents();
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `Student ${i + 1}`));
    await teacher.locator('.class-roster summary').click();
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // The tenth answer: the distribution shows, a dot per student.
    const ben = browsers[1]!;
    await ben.getByTestId('class-value').nth(0).fill('50');
    await ben.getByTestId('class-value').nth(1).fill('320');
    await ben.getByTestId('class-submit').click();
    await teacher.getByTestId('class-answered').filter({ hasText: '10' }).waitFor();
    await teacher.getByTestId('class-min-count').waitFor({ state: 'detached' });
    expect(await teacher.getByTestId('class-strip').locator('.class-dot').count()).toBe(10);

    // The clicker's blank button pauses every screen: the students' pages say so, their
    // inputs are disabled, and the server takes no answer.
    await teacher.keyboard.press('b');
    await teacher.getByTestId('class-paused').waitFor();
    for (const page of browsers) {
      await page.getByText('Paused by your teacher').waitFor();
      expect(await page.getByTestId('class-value').nth(0).isDisabled()).toBe(true);
    }
    const whilePaused = await api.answer({ code }, others[0]!, 1, { values: [1, 2] });
    expect([whilePaused.status, await errorOf(whilePaused)]).toEqual([
      409,
      'Paused by your teacher: answers wait until they resume.',
    ]);
    // The paused pages and the projector's board, settings and key help open: no serious axe finding.
    await teacher.getByText('Keys and clicker').click();
    expect(await seriousAxeViolations(teacher)).toEqual([]);
    expect(await seriousAxeViolations(ana)).toEqual([]);
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await teacher.keyboard.press('.');
    await teacher.getByTestId('class-paused').waitFor({ state: 'detached' });
    for (const page of browsers) {
      await page.getByTestId('class-paused').waitFor({ state: 'detached' });
      await page.locator('[data-testid="class-value"]:enabled').first().waitFor();
    }

    // Lock and reveal with the keys; the students see the reveal.
    await teacher.keyboard.press('l');
    await boardAt(teacher, 1, 'locked');
    await teacher.keyboard.press('r');
    await boardAt(teacher, 1, 'revealed');
    await ana.getByTestId('class-reveal').waitFor();

    // Two forward presses at once: the second waits for the first, and both are applied.
    await teacher.keyboard.press('PageDown');
    await teacher.keyboard.press('PageDown');
    await boardAt(teacher, 3, 'open');
    await ana.locator('[data-testid="class-student"][data-step="3"]').waitFor();
    await teacher.keyboard.press('PageUp');
    await boardAt(teacher, 2, 'open');
    // Space and → are forward too; ← back.
    await teacher.keyboard.press('ArrowRight');
    await boardAt(teacher, 3, 'open');
    await teacher.keyboard.press('ArrowLeft');
    await boardAt(teacher, 2, 'open');
    // Esc leaves projector mode; Lock, Reveal and Next are still in view at 1024×768.
    await teacher.keyboard.press('Escape');
    await teacher.waitForFunction(() => !document.documentElement.classList.contains('projector'));
    for (const id of ['class-lock', 'class-reveal', 'class-next'])
      expect(await hitInView(teacher, id), id).toBe(true);

    // The per-step summary: step 1's two numbers, 10 answers each, with the paper's values.
    const res = await api.exported(created, 'summary.csv');
    const lines = (await res.text()).trimEnd().split('\r\n');
    const step1 = lines.filter((l) => l.startsWith('"1",'));
    expect(step1).toHaveLength(2);
    for (const line of step1) {
      const cells = line.split('","');
      expect(cells[3]).toBe('10');
      // The model's value at the reveal, and where the paper's lies (none: not measured).
      expect(cells[7]).not.toBe('');
      expect(['yes', 'no', '']).toContain(cells[9]!.replace(/"$/, ''));
    }
  });

  it('homework: a student goes at their own pace, resumes after a reload; the board sees where', async () => {
    const teacher = await newPage({ width: 1280, height: 900 });
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1');
    // Opened as homework: from now until a week on (the form's defaults).
    await teacher.getByText('Set as homework').click();
    await teacher.getByTestId('class-homework-open').click();
    await teacher.getByTestId('class-homework').waitFor();

    const student = await newPage();
    await student.goto(`${suite.url}#/class/${code}`);
    await student.getByTestId('class-name').fill('Hana');
    await student.getByTestId('class-join').click();
    await student.getByTestId('class-homework-period').waitFor();
    const answerStep = async (step: number, values: [number, number]) => {
      await student.locator(`[data-testid="class-student"][data-step="${step}"]`).waitFor();
      await student.getByTestId('class-value').nth(0).fill(String(values[0]));
      await student.getByTestId('class-value').nth(1).fill(String(values[1]));
      await student.getByTestId('class-submit').click();
      await student.getByTestId('class-status').filter({ hasText: 'Saved' }).waitFor();
    };
    await answerStep(1, [40, 300]);
    await student.getByTestId('class-own-next').click();
    await answerStep(2, [10, 20]);
    await student.getByTestId('class-own-next').click();
    await student.locator('[data-testid="class-student"][data-step="3"]').waitFor();
    // The board: Hana on step 3, steps 1 and 2 answered by 1 of 1; the class's own step is 1.
    await teacher.getByTestId('class-progress').getByText('3 of 5').waitFor();
    await teacher.getByTestId('class-homework-step-2').filter({ hasText: '1 of 1' }).waitFor();
    expect(await teacher.getByTestId('class-homework-step-3').textContent()).toBe('0 of 1');
    expect(await seriousAxeViolations(teacher)).toEqual([]);
    expect(await seriousAxeViolations(student)).toEqual([]);

    // Another day, the same browser: the page opens on her step, her answers kept.
    await student.reload();
    await student.locator('[data-testid="class-student"][data-step="3"]').waitFor();
    await student.getByTestId('class-own-previous').click();
    await student.locator('[data-testid="class-student"][data-step="2"]').waitFor();
    await student.getByTestId('class-status').filter({ hasText: 'Saved: 10, 20' }).waitFor();
  });
  it('homework ended early from the board by keys: two students see it closed, answers kept', async () => {
    const teacher = await newPage({ width: 1024, height: 768 });
    await teacher.goto(`${suite.url}#/lesson/mpe-ix?step=1&view=projector`);
    await teacher.getByTestId('class-start').click();
    await teacher.getByTestId('class-joined').waitFor();
    const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())![1]!;
    await teacher.getByText('Set as homework').click();
    await teacher.getByTestId('class-homework-open').click();
    await teacher.getByTestId('class-homework').waitFor();
    // The class's answers per step from the first one.
    await teacher.getByTestId('class-min-answers').fill('0');
    await teacher.getByTestId('class-min-answers').press('Enter');
    await teacher.getByText('Show the distribution from').waitFor();

    const students: Page[] = [];
    for (const [name, values] of [
      ['Ana', [40, 300]],
      ['Ben', [60, 500]],
    ] as const) {
      const page = await newPage();
      await page.goto(`${suite.url}#/class/${code}`);
      await page.getByTestId('class-name').fill(name);
      await page.getByTestId('class-join').click();
      await page.getByTestId('class-homework-period').waitFor();
      await page.getByTestId('class-value').nth(0).fill(String(values[0]));
      await page.getByTestId('class-value').nth(1).fill(String(values[1]));
      await page.getByTestId('class-submit').click();
      await page
        .getByTestId('class-status')
        .filter({ hasText: 'until the homework closes' })
        .waitFor();
      students.push(page);
    }
    await students[1]!.getByTestId('class-own-next').click();
    await students[1]!.locator('[data-testid="class-student"][data-step="2"]').waitFor();
    // The dashboard: who is where, and the class's answers per step (medians).
    await teacher.getByTestId('class-homework-step-1').filter({ hasText: '2 of 2' }).waitFor();
    await teacher.getByTestId('class-progress').getByText('2 of 5').waitFor();
    const perStep = await teacher
      .getByTestId('class-homework-step-1')
      .locator('xpath=following-sibling::td')
      .textContent();
    expect(perStep).toMatch(/median 40\b.*median 300\b/);

    // The room's strip walked by keys: each prediction read with its units, lowest first; the
    // arrows stay the chart's (the board stays on its step).
    const strip = teacher.getByTestId('class-strip');
    await strip.getByRole('application').focus();
    await strip.locator('[data-walk=ready]').waitFor();
    const said = strip.getByTestId('chart-walk-cc');
    await said.filter({ hasText: /Sonified/ }).waitFor();
    await teacher.keyboard.press('ArrowRight');
    await said.filter({ hasText: /prediction 2, .*\b60\b.*, 2 of 2/ }).waitFor();
    await teacher.keyboard.press('Home');
    await said.filter({ hasText: /prediction 1, .*\b40\b.*, 1 of 2/ }).waitFor();
    await strip.getByTestId('walk-ring').waitFor();
    // Board keys after the walk are taken in order after any the walk let through: a lock and
    // an unlock show the board still on step 1.
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await teacher.keyboard.press('l');
    await teacher.locator('[data-testid="class-teacher"][data-phase="locked"]').waitFor();
    expect(await teacher.getByTestId('class-teacher').getAttribute('data-step')).toBe('1');
    await teacher.keyboard.press('l');
    await boardAt(teacher, 1, 'open');

    // At 1024×768 in projector mode the controls, End the homework too, hit in view.
    for (const id of [
      'class-lock',
      'class-reveal',
      'class-next',
      'class-pause',
      'class-homework-end',
    ])
      expect(await hitInView(teacher, id), id).toBe(true);
    // By keys: asked once more, Escape keeps it open (and leaves projector mode alone).
    await teacher.getByTestId('class-homework-end').focus();
    await teacher.keyboard.press('Enter');
    await teacher.getByTestId('class-homework-end-confirm').waitFor();
    expect(await teacher.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'class-homework-end-confirm',
    );
    expect(await hitInView(teacher, 'class-homework-end-confirm')).toBe(true);
    await teacher.keyboard.press('Escape');
    await teacher.getByTestId('class-homework-end').waitFor();
    expect(await teacher.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'class-homework-end',
    );
    expect(teacher.url()).toMatch(/view=projector/);
    await teacher.keyboard.press('Enter');
    await teacher.getByTestId('class-homework-end-confirm').waitFor();
    await teacher.keyboard.press('Enter');
    await teacher
      .getByTestId('class-homework-state')
      .filter({ hasText: 'This homework closed on' })
      .waitFor();
    expect(await teacher.getByTestId('class-homework-end').count()).toBe(0);

    // Each student: closed, their answer kept and shown, nothing more to send.
    for (const [i, page] of students.entries()) {
      await page
        .getByTestId('class-homework-period')
        .filter({ hasText: 'This homework closed on' })
        .waitFor();
      if (i === 1) {
        await page.getByTestId('class-own-previous').click();
        await page.locator('[data-testid="class-student"][data-step="1"]').waitFor();
      }
      await page
        .getByTestId('class-status')
        .filter({ hasText: i === 0 ? 'Saved: 40, 300.' : 'Saved: 60, 500.' })
        .waitFor();
      expect(await page.getByTestId('class-submit').isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await teacher.getByTestId('class-homework-step-1').filter({ hasText: '2 of 2' }).waitFor();
    expect(await seriousAxeViolations(teacher)).toEqual([]);
  });
});
