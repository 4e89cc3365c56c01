/**
 * Class mode when the store fails, as a room would see it: the real class server (server/main.ts)
 * with its embedded PostgreSQL on a small disc of its own (a tmpfs: mounting needs root, as CI
 * runs), the built app in Chromium. The disc fills up: a student's answer is refused and the
 * student's page says "The class store is full; answers are not being saved."; the teacher's
 * board shows the same sentence as its health line. Room again: the answer is saved, the line
 * says so, and every acknowledged answer is in the export.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, unlink } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Joined } from '../../src/class/protocol';
import { startClassServer } from '../../scripts/lib/classServer';
import { browserSuite } from './suite';
import { classApi, over } from '../unit/class-helpers';

const FULL = 'The class store is full; answers are not being saved.';

let disc = '';

/** The class server with its data on a 96 MB tmpfs of its own, unmounted when it stops. */
async function serveOnSmallDisc() {
  if (userInfo().uid !== 0)
    throw new Error('this test mounts a small tmpfs: run it as root (CI does)');
  disc = await mkdtemp(join(tmpdir(), 'latency-lab-class-disc-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', disc]);
  const server = await startClassServer({ data: join(disc, 'data') });
  return {
    ...server,
    async stop() {
      await server.stop();
      execFileSync('umount', [disc]);
      await rm(disc, { recursive: true, force: true });
    },
  };
}

const suite = browserSuite(serveOnSmallDisc, { width: 390, height: 844 });
const newPage = (viewport?: { width: number; height: number }) =>
  suite.newPage([], viewport ? { viewport } : {});

describe('Class mode with a full disc', () => {
  it('tells the student and the board, and loses nothing', async () => {
    const url = suite.url;
    const teacher = await newPage({ width: 1280, height: 900 });
    await teacher.goto(`${url}#/lesson/mpe-ix?step=1`);
    await teacher.getByTestId('class-start').click();
    await teacher
      .getByTestId('class-health')
      .filter({ hasText: 'Answers are being saved.' })
      .waitFor();
    const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())?.[1];
    expect(code).toMatch(/^[a-z0-9]{10}$/);

    const student = await newPage();
    await student.goto(`${url}#/class/${code}`);
    await student.getByTestId('class-name').fill('Ada');
    await student.getByTestId('class-join').click();
    // Step 1 asks two numbers (one per field).
    await student.getByTestId('class-value').nth(0).fill('42');
    await student.getByTestId('class-value').nth(1).fill('1');
    await student.getByTestId('class-submit').click();
    await student.getByTestId('class-status').filter({ hasText: 'Saved' }).waitFor();

    // A room of 300 through one address (the test's): the teacher sets the class size, as a
    // teacher behind a school's NAT would, so that one address may hold that many seats.
    await teacher.getByTestId('class-roster').locator('summary').click();
    await teacher.getByTestId('class-size').fill('500');
    await teacher.getByTestId('class-size').press('Enter');
    await teacher
      .getByTestId('class-roster-message')
      .filter({ hasText: 'Up to 500 students may join' })
      .waitFor();

    // Others of the room, joined before the disc fills (their seats are on disc already).
    const others: Joined[] = [];
    const api = classApi(over(url));
    for (let i = 0; i < 300; i++) others.push(await api.join({ code: code! }));
    // The disc fills up.
    const filler = join(disc, 'filler');
    const handle = await open(filler, 'w');
    try {
      for (;;) await handle.write(Buffer.alloc(1 << 20));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      await handle.close();
    }
    // They answer until the answers' table needs a page the disc has no room for.
    let status = 200;
    for (const o of others) {
      status = (await api.answer({ code: code! }, o, 1, { values: [7, 7] })).status;
      if (status !== 200) break;
    }
    expect(status).toBe(503);
    // The board says so.
    await teacher.getByTestId('class-health').filter({ hasText: FULL }).waitFor();

    // The student changes their mind: refused, and the page says why.
    await student.getByTestId('class-value').nth(0).fill('43');
    await student.getByTestId('class-submit').click();
    await student.getByTestId('class-student-error').filter({ hasText: FULL }).waitFor();

    // Room again: the same answer goes through, and the board's line clears.
    await unlink(filler);
    await student.getByTestId('class-submit').click();
    await student
      .getByTestId('class-status')
      .filter({ hasText: /Saved: 43\b/ })
      .waitFor();
    await teacher
      .getByTestId('class-health')
      .filter({ hasText: 'Answers are being saved.' })
      .waitFor();
    const key = await teacher.evaluate(
      (c) => localStorage.getItem(`latency-lab:class:teacher:${c}`),
      code!,
    );
    const { teacherKey } = JSON.parse(key!) as { teacherKey: string };
    const exported = await suite.server.exportJson(code!, teacherKey);
    expect(exported.answers.find((a) => a.name === 'Ada')?.values).toEqual([43, 1]);
  });
});
