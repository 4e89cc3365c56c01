/**
 * The class store's SQL on a real PostgreSQL server — the path a department takes with
 * DATABASE_URL — from Debian's `postgresql` package: a throwaway cluster in a temporary folder
 * on a free port of 127.0.0.1, run as the `postgres` user (PostgreSQL refuses root). Without
 * the package this fails and says how to install it; it never skips (.ci/run installs it).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassApp } from '../../server/app';
import { openSql, openStore } from '../../server/store';
import { boardContract } from './class-board-contract';
import { classApi, over, storeContract, TEST_LESSONS } from './class-helpers';
import {
  burstUntil,
  classServers,
  killHard,
  reproducerTests,
  seated,
  type Run,
} from './class-process';
import { startPostgres, type PostgresCluster } from './postgres-cluster';

let cluster: PostgresCluster | null = null;
let url = '';
beforeAll(async () => {
  cluster = await startPostgres('-c fsync=off');
  url = cluster.url;
});
afterAll(() => cluster?.remove());

storeContract(
  'PostgreSQL (Debian’s server, as with DATABASE_URL)',
  () => openStore({ databaseUrl: url }),
  async (table) => {
    // A connection of its own, as someone reading the database would.
    const sql = await openSql({ databaseUrl: url });
    try {
      return await sql.query<Record<string, unknown>>(`SELECT * FROM ${table}`);
    } finally {
      await sql.close();
    }
  },
);

describe('the class store on PostgreSQL, with other connections at work', () => {
  it('refuses an answer that races the teacher locking the step', async () => {
    const store = await openStore({ databaseUrl: url });
    const teacher = new pg.Client({ connectionString: url });
    await teacher.connect();
    try {
      const code = 'racelock23';
      await store.createClass({ code, teacherKey: 'k', lessonId: 'quiz' });
      await store.addStudent({ code, studentId: 'racer', name: null, token: 'tr', limit: 5 });
      // The lock is written, not yet committed, when the answer arrives.
      await teacher.query('BEGIN');
      await teacher.query(`UPDATE classes SET phase = 'locked' WHERE code = $1`, [code]);
      let settled = false;
      const pending = store
        .putAnswer({ code, studentId: 'racer', step: 1, value: 3, sketch: null })
        .finally(() => (settled = true));
      // Until the answer waits for the teacher's row lock (or, wrongly, is already done).
      for (;;) {
        const waiting = await teacher.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
        );
        if (settled || waiting.rowCount) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(settled).toBe(false);
      await teacher.query('COMMIT');
      expect(await pending).toBeNull();
      expect(await store.answers(code)).toEqual([]);
    } finally {
      await teacher.end();
      await store.close();
    }
  });
});

describe('the class API on PostgreSQL, two teacher tabs at once', () => {
  it('never leaves a class on step 2 with step 1’s reveal (reveal racing goto, 15 times)', async () => {
    const store = await openStore({ databaseUrl: url });
    let clock = 0;
    const { app } = createClassApp({ store, lessons: TEST_LESSONS, now: () => clock });
    const api = classApi((path, init) => app.request(path, init));
    try {
      const c = await api.newClass();
      const control = (body: unknown) => api.control(c, body);
      for (let trial = 0; trial < 15; trial++) {
        clock += 10_000;
        await control({ action: 'goto', step: 1 });
        await control({ action: 'lock' });
        const reveal = {
          label: `trial ${trial}`,
          unit: 's',
          model: 1,
          paper: null,
          interval: null,
        };
        const [goto, shown] = await Promise.all([
          control({ action: 'goto', step: 2 }),
          control({ action: 'reveal', step: 1, reveal }),
        ]);
        expect([200, 409]).toContain(goto.status);
        expect([200, 409]).toContain(shown.status);
        const state = (await store.getClass(c.code))!;
        if (state.step === 2) expect(state).toMatchObject({ phase: 'open', reveal: null });
        else expect(state).toMatchObject({ step: 1, phase: 'revealed', reveal });
        expect(state.step === 2).toBe(goto.status === 200);
      }
    } finally {
      await store.close();
    }
  });
});

describe('issue 37 against the real server process on PostgreSQL (DATABASE_URL)', () => {
  const processes = classServers('class-pg-process-');
  let server: Run | null = null;
  let port = 0;
  let base = '';
  beforeAll(async () => {
    ({ run: server, url: base, port } = await processes.started(null, { DATABASE_URL: url }));
  });
  reproducerTests(() => base);

  it('keeps every acknowledged answer when the server and PostgreSQL crash mid-burst', async () => {
    const api = classApi(over(base));
    const c = await api.newClass();
    const students = await seated(api, c, 60);
    // 60 students answer at once, rising values, until 300 are acknowledged; then the class
    // server is killed (SIGKILL) and PostgreSQL stopped as a crash does (immediate: no
    // checkpoint, recovery from its log on the next start).
    const allKept = await burstUntil(api, c, students, async () => {
      await killHard(server);
      cluster!.stop('immediate');
    });
    cluster!.start();
    server = (await processes.started(null, { DATABASE_URL: url }, port)).run;
    await allKept();
  });
});

// The board of a real room and homework mode (pause, settings, summary, two days of the
// clock) on the same server: its columns and tables added by the same schema statements.
boardContract('PostgreSQL', () => openStore({ databaseUrl: url }));
