/**
 * The README's picture of class mode: the class server (run `vite build` first) with a
 * teacher's board in projector mode at 1920×1080, 30 students' answers sent through the API
 * (as their phones would), the step locked and revealed. Writes docs/screenshot-class.png and
 * docs/screenshot-class-student.png (a student's phone after the reveal).
 *
 *   npx vite build && npx tsx scripts/class-screenshot.ts
 */
import { launchChromium } from './lib/browser';
import { startClassServer } from './lib/classServer';

const server = await startClassServer();
const browser = await launchChromium();
try {
  const teacherContext = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    serviceWorkers: 'block',
  });
  const teacher = await teacherContext.newPage();
  await teacher.goto(`${server.url}#/lesson/mpe-ix?step=1&view=projector`);
  await teacher.getByTestId('class-start').click();
  await teacher.getByTestId('class-joined').waitFor();
  const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())?.[1] ?? '';

  // 30 students through the API: a spread of guesses around the two plausible answers.
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}api/classes/${code}/${path}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
  let token = '';
  for (let i = 0; i < 30; i++) {
    const joined = (await (
      await api('students', { method: 'POST', body: JSON.stringify({ name: `Student ${i + 1}` }) })
    ).json()) as { token: string };
    if (i === 7) token = joined.token;
    // Deterministic: half think "mapped is faster" (30–60 s), half "the disc decides" (100–200 s).
    const value = i % 2 === 0 ? 30 + ((i * 7) % 31) : 100 + ((i * 37) % 101);
    await api('answers/1', {
      method: 'PUT',
      body: JSON.stringify({ value }),
      headers: { Authorization: `Bearer ${joined.token}` },
    });
  }
  await teacher.getByTestId('class-answered').filter({ hasText: '30' }).waitFor();
  await teacher.getByTestId('class-lock').click();
  await teacher.getByTestId('class-phase').filter({ hasText: 'locked' }).waitFor();
  await teacher.getByTestId('class-reveal').click();
  await teacher.getByTestId('class-reveal-words').waitFor();
  await teacher.screenshot({ path: 'docs/screenshot-class.png' });

  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  const phone = await phoneContext.newPage();
  await phone.goto(server.url);
  await phone.evaluate(
    ([c, t]) =>
      localStorage.setItem(
        `latency-lab:class:student:${c}`,
        JSON.stringify({ studentId: 'x', token: t }),
      ),
    [code, token],
  );
  await phone.goto(`${server.url}#/class/${code}`);
  await phone.getByTestId('class-reveal').waitFor();
  await phone.screenshot({ path: 'docs/screenshot-class-student.png', fullPage: true });
  console.log('wrote docs/screenshot-class.png and docs/screenshot-class-student.png');
} finally {
  await browser.close();
  await server.stop();
}
