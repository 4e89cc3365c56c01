/**
 * A class run in Spanish, beyond the first view (issue #35), on the real class server
 * (server/main.ts, a child process): a teacher's board and two students' pages driven through
 * a whole step — join, answer, anonymised names and a minimum count, lock, reveal, pause,
 * homework — and at each state both pages read with spanish-pages' detector (./english.ts):
 * the body's text, live regions, aria-label/title/alt, the document's title. Every wait is
 * for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startClassServer } from '../../scripts/lib/classServer';
import { classApi } from '../unit/class-helpers';
import { englishEverywhere } from './english';
import { browserSuite, createdClass, startClass } from './suite';

const suite = browserSuite(startClassServer, { width: 1280, height: 900 });
const api = classApi((path, init) => fetch(new URL(path, suite.url), init));

/** What is still English on each page, by the state it was read in. */
async function englishOn(pages: Record<string, Page>, state: string, found: string[]) {
  for (const [who, page] of Object.entries(pages))
    for (const line of await englishEverywhere(page)) found.push(`${state}, ${who}: ${line}`);
}

describe('a class run in Spanish', () => {
  it('the board and the students’ pages say nothing in English, state after state', async () => {
    const found: string[] = [];
    const teacher = await suite.newPage();
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1&lang=es');
    await teacher.waitForFunction(() => document.documentElement.lang === 'es');
    const created = await createdClass(teacher, code);

    // Anonymised names, the distribution from 2 answers.
    await teacher.getByTestId('class-anonymise').click();
    await teacher.locator('[data-testid="class-anonymise"]:checked').waitFor();
    const min = teacher.getByTestId('class-min-answers');
    await min.fill('2');
    await min.press('Enter');
    await teacher.getByTestId('class-min-count').waitFor();

    // Two students join in Spanish; one answers.
    const students: Page[] = [];
    for (const name of ['Ana', 'Ben']) {
      const page = await suite.newPage();
      await page.goto(`${suite.url}#/class/${code}?lang=es`);
      await englishOn({ [`joining ${name}`]: page }, 'join', found);
      await page.getByTestId('class-name').fill(name);
      await page.getByTestId('class-join').click();
      await page.getByTestId('class-value').nth(1).waitFor();
      students.push(page);
    }
    const [ana, ben] = students as [Page, Page];
    await ana.getByTestId('class-value').nth(0).fill('45,5');
    await ana.getByTestId('class-value').nth(1).fill('310');
    await ana.getByTestId('class-submit').click();
    await ana.getByTestId('class-status').filter({ hasText: '45,5' }).waitFor();
    await teacher.getByTestId('class-answered').filter({ hasText: '1' }).waitFor();
    await teacher.locator('.class-roster summary').click();
    await englishOn({ teacher, ana, ben }, 'one answered', found);

    // The second answer: the distribution shows; then lock and reveal.
    await ben.getByTestId('class-value').nth(0).fill('50');
    await ben.getByTestId('class-value').nth(1).fill('320');
    await ben.getByTestId('class-submit').click();
    await teacher.getByTestId('class-min-count').waitFor({ state: 'detached' });
    await teacher.getByTestId('class-lock').click();
    await teacher.getByTestId('class-reveal').click();
    await teacher.getByTestId('class-reveal-words').nth(1).waitFor();
    await ana.getByTestId('class-reveal').waitFor();
    await englishOn({ teacher, ana, ben }, 'locked and revealed', found);

    // Pause every screen.
    await teacher.getByTestId('class-pause').click();
    await ana.getByTestId('class-paused').waitFor();
    await englishOn({ teacher, ana }, 'paused', found);
    await teacher.getByTestId('class-pause').click();
    await ana.getByTestId('class-paused').waitFor({ state: 'detached' });

    // Homework: the dashboard and the students' own pace.
    // A window around any day the suite runs on: the test reads no clock.
    const homework = await api.control(created, {
      action: 'homework',
      opensAt: '2000-01-01T00:00:00.000Z',
      closesAt: '2999-12-31T00:00:00.000Z',
    });
    expect(homework.status).toBe(200);
    await teacher.getByTestId('class-homework').waitFor();
    await ana.getByTestId('class-homework-period').waitFor();
    await englishOn({ teacher, ana }, 'homework', found);

    // A whole homework walked by a student: each step answered (numbers typed, a sketch
    // tapped), the board's progress read after each, then the last step.
    const steps = await ana.locator('[data-testid=class-student]').getAttribute('data-step');
    let step = Number(steps);
    for (; ; step++) {
      await ana.locator(`[data-testid="class-student"][data-step="${step}"]`).waitFor();
      const values = ana.getByTestId('class-value');
      const pad = ana.getByTestId('class-sketch-pad').locator('svg');
      if ((await values.count()) > 0) {
        for (let k = 0; k < (await values.count()); k++) await values.nth(k).fill(String(2 + k));
        await ana.getByTestId('class-submit').click();
        await ana.getByTestId('class-status').filter({ hasText: 'Guardada' }).waitFor();
      } else if ((await pad.count()) > 0) {
        const box = (await pad.boundingBox())!;
        for (let k = 0; k < 3; k++)
          await ana.mouse.click(
            box.x + box.width * (0.25 + k * 0.25),
            box.y + box.height * (0.6 - k * 0.15),
          );
        await ana.getByTestId('class-status').filter({ hasText: 'Guardada' }).waitFor();
      }
      await teacher
        .getByTestId(`class-homework-step-${step}`)
        .filter({ hasText: /^[12]\b/ })
        .waitFor();
      await englishOn({ teacher, ana }, `homework, step ${step} answered`, found);
      const next = ana.getByTestId('class-own-next');
      if (await next.isDisabled()) break;
      await next.click();
    }
    expect(step).toBe(5); // mpe-ix's five steps, each answered

    // The board's exports downloaded (the CSV's and JSON's column names stay English by
    // decision, docs/class-mode.md: they are data for a spreadsheet, not the page's words).
    for (const format of ['csv', 'json', 'summary']) {
      const download = teacher.waitForEvent('download');
      await teacher.getByTestId(`class-export-${format}`).click();
      await download;
    }
    await englishOn({ teacher }, 'exports downloaded', found);

    expect(found).toEqual([]);
  });
});
