/**
 * The picture of the board at the front of a room (docs/teachers.md): the class server (run
 * `vite build` first), a teacher's board in projector mode at 1024×768 with names anonymised,
 * 12 students' answers to step 1 sent through the API, locked and revealed by clicker keys.
 * Writes docs/screenshot-board-projector.png. Then the homework dashboard (1280×900): the
 * lesson set as homework, 6 students at their own steps through the API, the class's answers
 * per step and each student's progress, with "End the homework now" in the controls; writes
 * docs/screenshot-homework.png.
 *
 *   npx vite build && npx tsx scripts/board-screenshot.ts
 */
import { classPicture } from './lib/classServer';

await classPicture(
  { width: 1024, height: 768 },
  {
    n: 12,
    name: (i) => `Pupil ${i + 1}`,
    // Deterministic: half think "mapped is faster", half "the disc decides".
    answer: (i) => ({
      values: i % 2 === 0 ? [30 + ((i * 7) % 31), 60 + i] : [100 + ((i * 37) % 101), 90 + i],
    }),
  },
  async ({ teacher, browser, url }) => {
    await teacher.keyboard.press('l');
    await teacher.getByTestId('class-phase').filter({ hasText: 'locked' }).waitFor();
    await teacher.keyboard.press('r');
    await teacher.getByTestId('class-reveal-words').first().waitFor();
    await teacher.evaluate(() => window.scrollTo(0, 0));
    await teacher.screenshot({ path: 'docs/screenshot-board-projector.png' });
    console.log('wrote docs/screenshot-board-projector.png');

    const board = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' })
    ).newPage();
    await board.goto(`${url}#/lesson/mpe-ix?step=1`);
    await board.getByTestId('class-start').click();
    await board.getByTestId('class-joined').waitFor();
    const hw = /#\/class\/([a-z0-9]+)\/teach/.exec(board.url())?.[1] ?? '';
    await board.getByText('Set as homework').click();
    await board.getByTestId('class-homework-open').click();
    await board.getByTestId('class-homework').waitFor();
    await board.getByTestId('class-min-answers').fill('3');
    await board.getByTestId('class-min-answers').press('Enter');
    await board.getByText('Show the distribution from').waitFor();
    const call = (path: string, body: unknown, token?: string) =>
      fetch(`${url}api/classes/${hw}/${path}`, {
        method: path === 'students' ? 'POST' : 'PUT',
        body: JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    const names = ['Ana', 'Ben', 'Chloé', 'Dev', 'Emeka', 'Fumiko'];
    for (const [i, name] of names.entries()) {
      const { token } = (await (await call('students', { name })).json()) as { token: string };
      // Each further on: Ana at step 1 … Fumiko at step 5; step 1 answered by all but Ana.
      if (i > 0) await call('answers/1', { values: [30 + 9 * i, 80 + 15 * i] }, token);
      if (i > 1) await call('answers/2', { values: [10 + i, 20 + 2 * i] }, token);
      await call('progress', { step: Math.min(5, i + 1) }, token);
    }
    await board.getByTestId('class-progress').getByText('Fumiko').waitFor();
    await board.getByTestId('class-homework-step-1').filter({ hasText: '5 of 6' }).waitFor();
    await board.getByTestId('class-homework').scrollIntoViewIfNeeded();
    await board.getByTestId('class-homework').evaluate((el) => el.scrollIntoView());
    await board.screenshot({ path: 'docs/screenshot-homework.png' });
    console.log('wrote docs/screenshot-homework.png');
  },
  async (teacher) => {
    await teacher.getByTestId('class-anonymise').click();
    await teacher.locator('[data-testid="class-anonymise"]:checked').waitFor();
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  },
);
