/**
 * Class mode, as a room uses it: the real class server (server/main.ts, a child process, with
 * its embedded PostgreSQL in a temporary folder) serving the built app; one teacher and 30
 * students, each in a browser context of their own. They join (named, anonymous, one with
 * markup for a name), submit, change their minds; the teacher sees every answer arrive, locks,
 * reveals, exports — and the export holds exactly what was submitted. Then the server is
 * killed mid-step and started again: the students reconnect by themselves, an answer sent
 * while it was down arrives, and nothing submitted is lost.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Answer } from '../../src/class/protocol';
import { seriousAxeViolations } from './axe';
import { startClassServer } from '../../scripts/lib/classServer';
import { browserSuite, startClass } from './suite';

const STUDENTS = 30;
const MARKUP_NAME = '<img src=x onerror="document.title=1">';

// Students on phones; the teacher at a desk.
const suite = browserSuite(startClassServer, { width: 390, height: 844 });
const newPage = (viewport?: { width: number; height: number }) =>
  suite.newPage([], viewport ? { viewport } : {});

/** Runs `fn` over the items, `width` at a time (31 pages on 2 cores: not all at once). */
async function inBatches<T>(items: T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map((item, j) => fn(item, i + j)));
}

const nameOf = (i: number) => (i === 0 ? MARKUP_NAME : i % 5 === 4 ? '' : `Student ${i + 1}`);

/** Fills every field of the step (a step that asks two numbers has two): value, value + 1000, … */
async function submit(page: Page, value: number) {
  const fields = page.getByTestId('class-value');
  const count = await fields.count();
  for (let k = 0; k < count; k++) await fields.nth(k).fill(String(value + k * 1000));
  await page.getByTestId('class-submit').click();
}

const statusText = (page: Page) => page.getByTestId('class-status').textContent();

describe('Class mode', () => {
  it('a teacher and 30 students go through a step, a reveal, an export and a restart', async () => {
    // The teacher opens the lesson on the class server and starts a class from it.
    const teacher = await newPage({ width: 1280, height: 900 });
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1');
    // The teacher's key stays in the teacher's browser, never in the address.
    expect(teacher.url()).not.toMatch(/key/i);
    expect(await teacher.locator('.class-qr').getAttribute('src')).toMatch(/^data:image\/svg/);

    // 30 students join, each in a browser of their own, and answer step 1.
    const students: Page[] = [];
    const submitted = new Map<string, number>();
    await inBatches(
      Array.from({ length: STUDENTS }, (_, i) => i),
      10,
      async (i) => {
        const page = await newPage();
        students[i] = page;
        await page.goto(`${suite.url}#/class/${code}`);
        await page.getByTestId('class-name').fill(nameOf(i));
        await page.getByTestId('class-join').click();
        // Step 1 says "predict both": two fields, each labelled.
        await page.getByTestId('class-value').nth(1).waitFor();
        const value = 40 + i * 3.5;
        await submit(page, value);
        await page.getByTestId('class-status').filter({ hasText: 'Saved' }).waitFor();
        submitted.set(nameOf(i) || `anonymous ${i}`, value);
      },
    );
    await teacher
      .getByTestId('class-joined')
      .filter({ hasText: `${STUDENTS}` })
      .waitFor();
    await teacher
      .getByTestId('class-answered')
      .filter({ hasText: `${STUDENTS}` })
      .waitFor();
    // One strip per number asked, a dot per student on each.
    for (const strip of ['class-strip', 'class-strip-2'])
      expect(await teacher.getByTestId(strip).locator('.class-dot').count()).toBe(STUDENTS);
    // A name with markup is shown as text: no element made of it, no script run.
    await teacher.locator('.class-roster summary').click();
    expect(await teacher.locator('.class-roster td', { hasText: MARKUP_NAME }).count()).toBe(1);
    expect(await teacher.locator('.class-roster img').count()).toBe(0);
    expect(await teacher.title()).not.toBe('1');

    // Five students change their minds: still 30 answers, the latest counts.
    const changed = [1, 2, 3, 5, 6];
    await Promise.all(
      changed.map(async (i) => {
        const page = students[i]!;
        await submit(page, 200 + i);
        await page
          .getByTestId('class-status')
          .filter({ hasText: `Saved: ${200 + i}` })
          .waitFor();
      }),
    );
    await teacher
      .getByTestId('class-answered')
      .filter({ hasText: `${STUDENTS}` })
      .waitFor();

    // Lock: every student's field closes, and the server refuses a late answer.
    await teacher.getByTestId('class-lock').click();
    await teacher.getByTestId('class-phase').filter({ hasText: 'locked' }).waitFor();
    await inBatches(students, 10, async (page) => {
      await page.locator('[data-phase="locked"]').waitFor();
      expect(await page.getByTestId('class-value').first().isDisabled()).toBe(true);
    });

    // Reveal: the model's value (computed by the teacher's page) reaches every student.
    await teacher.getByTestId('class-reveal').click();
    // One strip and one reveal per number asked.
    await teacher.getByTestId('class-reveal-words').nth(1).waitFor();
    for (const words of await teacher.getByTestId('class-reveal-words').allTextContents())
      expect(words).toMatch(/The model predicts [\d.]+ s .*the paper measured [\d.]+ s/);
    await inBatches(students, 10, async (page) => {
      await page.getByTestId('class-reveal').waitFor();
    });
    // Both pages, revealed, with no serious or critical accessibility violation.
    expect(await seriousAxeViolations(teacher)).toEqual([]);
    expect(await seriousAxeViolations(students[7]!)).toEqual([]);
    expect(await students[7]!.getByTestId('class-reveal').textContent()).toMatch(
      /Memory Mapped, elapsed time: you 64.5 · the model [\d.]+ · the paper [\d.]+ s.*Fread, elapsed time: you 106[45] · the model [\d.]+ · the paper [\d.]+ s/,
    );

    // The export holds exactly what was submitted, latest answers included.
    const [download] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByTestId('class-export-json').click(),
    ]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      answers: Answer[];
    };
    const step1 = exported.answers.filter((a) => a.step === 1);
    expect(step1).toHaveLength(STUDENTS);
    for (let i = 0; i < STUDENTS; i++) {
      const name = nameOf(i) || null;
      const expected = changed.includes(i) ? 200 + i : 40 + i * 3.5;
      const rows = step1.filter(
        (a) => a.name === name && a.values?.join() === [expected, expected + 1000].join(),
      );
      expect(rows.length, `student ${i + 1}`).toBeGreaterThanOrEqual(1);
    }
    const [csvDownload] = await Promise.all([
      teacher.waitForEvent('download'),
      teacher.getByTestId('class-export-csv').click(),
    ]);
    const csv = await readFile((await csvDownload.path())!, 'utf8');
    expect(csv.trim().split('\n').length).toBeGreaterThanOrEqual(STUDENTS + 1);

    // Everyone moves on to step 3 (step 2 asks no number), and ten students answer it.
    for (const step of [2, 3]) {
      await teacher.getByTestId('class-next').click();
      await teacher.locator(`[data-testid="class-teacher"][data-step="${step}"]`).waitFor();
    }
    await inBatches(students, 10, async (page) => {
      await page.locator('[data-step="3"][data-phase="open"]').waitFor();
    });
    await inBatches(students.slice(0, 10), 10, async (page, i) => {
      await submit(page, 30 + i);
      await page
        .getByTestId('class-status')
        .filter({ hasText: `Saved: ${30 + i}` })
        .waitFor();
    });

    // The server dies mid-step. A student answers while it is down; the answer waits.
    await suite.server.kill();
    await students[10]!.getByTestId('class-reconnecting').waitFor();
    await submit(students[10]!, 77);
    await students[10]!.getByTestId('class-student-error').waitFor();
    expect(await statusText(students[10]!)).toMatch(/Sending/);

    // Started again on the same data: everyone reconnects alone, the waiting answer arrives.
    await suite.server.start();
    await inBatches(students, 10, async (page) => {
      await page.getByTestId('class-reconnecting').waitFor({ state: 'detached' });
    });
    await students[10]!.getByTestId('class-status').filter({ hasText: 'Saved: 77' }).waitFor();
    await teacher.getByTestId('class-answered').filter({ hasText: '11' }).waitFor();

    const key = await teacher.evaluate(
      (c) => JSON.parse(localStorage.getItem(`latency-lab:class:teacher:${c}`) ?? '{}').teacherKey,
      code!,
    );
    const after = await suite.server.exportJson(code!, key as string);
    expect(after.answers.filter((a) => a.step === 1)).toHaveLength(STUDENTS);
    const step3 = after.answers.filter((a) => a.step === 3).map((a) => a.value);
    expect(step3.sort((a, b) => a! - b!)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => 30 + i),
      77,
    ]);
  });

  it('students sketch a curve (drawn, tapped or typed) and see the model’s after the reveal', async () => {
    const teacher = await newPage({ width: 1280, height: 900 });
    const code = await startClass(teacher, suite.url, 'hpux-ufc?step=1');
    // Each press is taken once the board shows the last one's step (a board that dropped or
    // doubled a press fails here, on the step it shows).
    for (let step = 2; step <= 4; step++) {
      await teacher.getByTestId('class-next').click();
      await teacher.locator(`[data-testid="class-teacher"][data-step="${step}"]`).waitFor();
    }
    await teacher.getByTestId('class-sketches').waitFor();

    const students = await Promise.all([0, 1, 2].map(() => newPage()));
    await Promise.all(
      students.map(async (page, i) => {
        await page.goto(`${suite.url}#/class/${code}`);
        await page.getByTestId('class-join').click();
        const pad = page.getByTestId('class-sketch-pad').locator('svg');
        await pad.waitFor();
        if (i === 2) {
          // The keyboard's way: values typed at five CPU counts.
          await page.getByText('Or type values').click();
          const fields = page.locator('.class-typed input');
          for (let k = 0; k < 5; k++) await fields.nth(k).fill(String(1 + k * 0.2));
          await page.getByRole('button', { name: 'Send these values' }).click();
        } else if (i === 1) {
          // Without dragging (WCAG 2.5.7): taps from left to right, one point each.
          const box = (await pad.boundingBox())!;
          for (let k = 0; k < 3; k++)
            await page.mouse.click(
              box.x + box.width * (0.25 + k * 0.25),
              box.y + box.height * (0.6 - k * 0.15),
            );
        } else {
          const box = (await pad.boundingBox())!;
          await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * (0.7 - i * 0.2));
          await page.mouse.down();
          for (let k = 1; k <= 10; k++)
            await page.mouse.move(
              box.x + box.width * (0.2 + k * 0.07),
              box.y + box.height * (0.7 - i * 0.2 - k * 0.03),
            );
          await page.mouse.up();
        }
        await page.getByTestId('class-status').filter({ hasText: 'Saved: a curve' }).waitFor();
      }),
    );
    await teacher.getByTestId('class-answered').filter({ hasText: '3' }).waitFor();
    // Fewer than the minimum count (5 at first): no curve of the room's yet.
    await teacher.getByText('3 of 5 answers before the distribution shows').waitFor();
    expect(await teacher.locator('.class-curve-class').count()).toBe(0);
    await teacher.getByTestId('class-min-answers').fill('3');
    await teacher.getByTestId('class-min-set').click();
    await teacher.getByTestId('class-min-count').waitFor({ state: 'detached' });
    expect(await teacher.locator('.class-curve-class').count()).toBe(3);

    await teacher.getByTestId('class-lock').click();
    await teacher.getByTestId('class-reveal').click();
    await teacher.getByTestId('class-reveal-words').waitFor();
    expect(await teacher.locator('.class-curve-model').count()).toBe(1);
    // The room's sketches walked by keys: each a series, each point read in the chart's units.
    const sketches = teacher.getByTestId('class-sketches');
    await sketches.getByRole('application').focus();
    await sketches.locator('[data-walk=ready]').waitFor();
    const said = sketches.getByTestId('chart-walk-cc');
    await said.filter({ hasText: /Sonified/ }).waitFor();
    await teacher.keyboard.press('ArrowRight');
    await said.filter({ hasText: /^\s*[a-z][^,]* [\d,.]+[^,]*, [a-z][^,]* [\d,.]+/i }).waitFor();
    await teacher.keyboard.press('PageDown');
    await said.filter({ hasText: /Sketch 2/ }).waitFor();
    await sketches.getByTestId('walk-ring').waitFor();
    await students[0]!.locator('.class-curve-model').waitFor();
    // The student's own curve stays beside the model's.
    expect(await students[0]!.locator('.class-curve-mine').count()).toBe(1);
  });
});
