/**
 * The README's picture of class mode: the class server (run `vite build` first) with a
 * teacher's board in projector mode at 1920×1080, 30 students' answers sent through the API
 * (as their phones would), the step locked and revealed. Writes docs/screenshot-class.png and
 * docs/screenshot-class-student.png (a student's phone after the reveal).
 *
 *   npx vite build && npx tsx scripts/class-screenshot.ts
 */
import { classPicture } from './lib/classServer';

// 30 students: a spread of guesses around the two plausible answers.
await classPicture(
  { width: 1920, height: 1080 },
  {
    n: 30,
    name: (i) => `Student ${i + 1}`,
    // Deterministic: half think "mapped is faster" (30–60 s), half "the disc decides" (100–200 s).
    answer: (i) => ({ value: i % 2 === 0 ? 30 + ((i * 7) % 31) : 100 + ((i * 37) % 101) }),
  },
  async ({ teacher, code, tokens, browser, url }) => {
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
    await phone.goto(url);
    await phone.evaluate(
      ([c, t]) =>
        localStorage.setItem(
          `latency-lab:class:student:${c}`,
          JSON.stringify({ studentId: 'x', token: t }),
        ),
      [code, tokens[7]!],
    );
    await phone.goto(`${url}#/class/${code}`);
    await phone.getByTestId('class-reveal').waitFor();
    await phone.screenshot({ path: 'docs/screenshot-class-student.png', fullPage: true });
    console.log('wrote docs/screenshot-class.png and docs/screenshot-class-student.png');
  },
);
