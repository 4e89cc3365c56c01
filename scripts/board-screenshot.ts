/**
 * The picture of the board at the front of a room (docs/teachers.md): the class server (run
 * `vite build` first), a teacher's board in projector mode at 1024×768 with names anonymised,
 * 12 students' answers to step 1 sent through the API, locked and revealed by clicker keys.
 * Writes docs/screenshot-board-projector.png.
 *
 *   npx vite build && npx tsx scripts/board-screenshot.ts
 */
import { launchChromium } from './lib/browser';
import { startClassServer } from './lib/classServer';

const server = await startClassServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    serviceWorkers: 'block',
  });
  const teacher = await context.newPage();
  await teacher.goto(`${server.url}#/lesson/mpe-ix?step=1&view=projector`);
  await teacher.getByTestId('class-start').click();
  await teacher.getByTestId('class-joined').waitFor();
  const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())?.[1] ?? '';
  await teacher.getByTestId('class-anonymise').click();
  await teacher.locator('[data-testid="class-anonymise"]:checked').waitFor();
  await teacher.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}api/classes/${code}/${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
  for (let i = 0; i < 12; i++) {
    const joined = (await (
      await api('students', { method: 'POST', body: JSON.stringify({ name: `Pupil ${i + 1}` }) })
    ).json()) as { token: string };
    // Deterministic: half think "mapped is faster", half "the disc decides".
    const values = i % 2 === 0 ? [30 + ((i * 7) % 31), 60 + i] : [100 + ((i * 37) % 101), 90 + i];
    await api('answers/1', {
      method: 'PUT',
      body: JSON.stringify({ values }),
      headers: { Authorization: `Bearer ${joined.token}` },
    });
  }
  await teacher.getByTestId('class-answered').filter({ hasText: '12' }).waitFor();
  await teacher.keyboard.press('l');
  await teacher.getByTestId('class-phase').filter({ hasText: 'locked' }).waitFor();
  await teacher.keyboard.press('r');
  await teacher.getByTestId('class-reveal-words').first().waitFor();
  await teacher.evaluate(() => window.scrollTo(0, 0));
  await teacher.screenshot({ path: 'docs/screenshot-board-projector.png' });
  console.log('wrote docs/screenshot-board-projector.png');
} finally {
  await browser.close();
  await server.stop();
}
