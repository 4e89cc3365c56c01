/**
 * The picture of the board at the front of a room (docs/teachers.md): the class server (run
 * `vite build` first), a teacher's board in projector mode at 1024×768 with names anonymised,
 * 12 students' answers to step 1 sent through the API, locked and revealed by clicker keys.
 * Writes docs/screenshot-board-projector.png.
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
  async ({ teacher }) => {
    await teacher.keyboard.press('l');
    await teacher.getByTestId('class-phase').filter({ hasText: 'locked' }).waitFor();
    await teacher.keyboard.press('r');
    await teacher.getByTestId('class-reveal-words').first().waitFor();
    await teacher.evaluate(() => window.scrollTo(0, 0));
    await teacher.screenshot({ path: 'docs/screenshot-board-projector.png' });
    console.log('wrote docs/screenshot-board-projector.png');
  },
  async (teacher) => {
    await teacher.getByTestId('class-anonymise').click();
    await teacher.locator('[data-testid="class-anonymise"]:checked').waitFor();
    await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  },
);
