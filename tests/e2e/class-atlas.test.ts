/**
 * The class atlas, as a room uses it: the real class server (server/main.ts, a child process)
 * serving the built app; a teacher and six students, each in a browser context of their own.
 * Each student joins, runs a claim on “Your machine” (its smallest size), and chooses to send
 * the ledger; the board counts the senders and shows the room's figures only from the fifth.
 */
import { describe, expect, it } from 'vitest';
import { startClassServer } from '../../scripts/lib/classServer';
import { browserSuite, startClass } from './suite';

const suite = browserSuite(startClassServer, { width: 1280, height: 900 });
const newPage = () => suite.newPage();

describe('the class atlas', () => {
  it('six students send their machines; the board shows them from the fifth', async () => {
    const teacher = await newPage();
    const code = await startClass(teacher, suite.url, 'mpe-ix?step=1');

    /** The board's atlas, loaded now: rows of [quantity, sent by, shown]. */
    const board = async () => {
      await teacher.getByTestId('class-atlas-load').click();
      const table = teacher.getByTestId('class-atlas-table');
      await table.waitFor();
      await teacher
        .locator('[data-testid=class-atlas] [role=status]')
        .waitFor({ state: 'detached' });
      return {
        students: Number(await table.getAttribute('data-students')),
        rows: await table.locator('tbody tr').evaluateAll((trs) =>
          trs.map((tr) => ({
            sent: Number(tr.children[1]?.textContent),
            shown: tr.getAttribute('data-shown') === 'true',
          })),
        ),
      };
    };

    for (let i = 0; i < 6; i++) {
      const page = await newPage();
      await page.goto(`${suite.url}#/class/${code}`);
      await page.getByTestId('class-name').fill(`S${i + 1}`);
      await page.getByTestId('class-join').click();
      await page.getByTestId('class-value').first().waitFor();
      await page.goto(`${suite.url}#/machine?size=test`);
      await page.getByTestId('machine-run-directory').click();
      await page.locator('[data-testid=machine-panel-directory][data-phase=done]').waitFor();
      const send = page.getByTestId('machine-send-class');
      expect(await send.textContent()).toContain(code);
      await send.click();
      // The status settles on "Sent N entries." or on the server's reason, which is then shown.
      const status = page.locator('.machine-class-send [role=status]').first();
      await expect
        .poll(async () => (await status.textContent()) ?? '', { timeout: 60_000 })
        .not.toMatch(/^(|Sending…)$/);
      expect(await status.textContent()).toMatch(/^Sent \d+ entries\.$/);

      const b = await board();
      expect(b.students).toBe(i + 1);
      expect(b.rows.length).toBeGreaterThan(0);
      for (const r of b.rows) {
        expect(r.sent).toBe(i + 1);
        // Hidden below five senders, shown from the fifth.
        expect(r.shown).toBe(i + 1 >= 5);
      }
    }
  });
});
