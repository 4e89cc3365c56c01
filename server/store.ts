import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  addressShare,
  LIMITS,
  type Answer,
  type BoardSettings,
  type ClassState,
  type Homework,
  type Phase,
  type Removal,
  type Reveal,
  type Seat,
  type Student,
} from '../src/class/protocol.ts';
import type { WalSync } from './pglite-sync.ts';
import type { AtlasEntry } from '../src/machine/atlas.ts';

/**
 * Where classes, students and answers live: PostgreSQL, either embedded (PGlite, a WASM build
 * from npm, in a folder on disc) or a server named by DATABASE_URL (through `pg`). Both run
 * the same SQL below. Every write is committed before the request that made it is answered,
 * so a crash or a restart mid-lesson loses nothing. Keys and tokens are stored as SHA-256.
 */

export interface Store {
  createClass(c: { code: string; teacherKey: string; lessonId: string }): Promise<ClassState>;
  getClass(code: string): Promise<ClassState | null>;
  /** Whether `teacherKey` is this class's key (constant time). */
  isTeacher(code: string, teacherKey: string): Promise<boolean>;
  /**
   * The class's new step, phase and reveal; with `from`, only if the class is still on that
   * step and phase (false, nothing changed, when another request moved it meanwhile).
   */
  setClass(
    code: string,
    s: { step: number; phase: Phase; reveal: Reveal | null },
    from?: { step: number; phase: Phase },
  ): Promise<boolean>;
  /**
   * The teacher's pause, the board's settings, homework's period: each as given, the rest
   * kept; the class as it is now (null: no such class).
   */
  setFlags(
    code: string,
    flags: { paused?: boolean; board?: BoardSettings; homework?: Homework },
  ): Promise<ClassState | null>;
  /** What the room was shown at a step's reveal, kept for the export's summary (the latest). */
  keepReveal(code: string, step: number, reveal: Reveal): Promise<void>;
  /** Every step's last reveal, by step. */
  reveals(code: string): Promise<Map<number, Reveal>>;
  /** Homework: the furthest step a student reached (never lowered); their seat, or null. */
  setReached(code: string, studentId: string, step: number): Promise<Seat | null>;
  /**
   * null when the class is full: `limit` students, or fewer if the class's size says so, or
   * (with `address`) the seats that one address may hold (protocol.ts `addressShare`), or when
   * the teacher barred `address` from the class.
   */
  addStudent(s: {
    code: string;
    studentId: string;
    name: string | null;
    token: string;
    limit: number;
    address?: string;
  }): Promise<Seat | null>;
  studentByToken(code: string, token: string): Promise<Student | null>;
  students(code: string): Promise<Seat[]>;
  /** How many may join the class (LIMITS.classSize until the teacher sets it). */
  classSize(code: string): Promise<number>;
  setClassSize(code: string, size: number): Promise<void>;
  /**
   * Removes students (and their answers, by cascade); the ids removed. By `address`, that
   * address is barred from the class too, in the same transaction: kept across restarts.
   */
  removeStudents(code: string, which: Removal): Promise<string[]>;
  /** Whether the teacher removed the students of `address` from the class (it may not join). */
  isBarred(code: string, address: string): Promise<boolean>;
  /** Seats taken in the class, and by one address. */
  seatsTaken(code: string, address: string): Promise<{ total: number; fromAddress: number }>;
  /**
   * The student's answer to `step`, replacing their earlier one; null (nothing stored) unless
   * the class is on `step` and open when the statement runs.
   */
  putAnswer(a: {
    code: string;
    studentId: string;
    step: number;
    /**
     * The server's clock (ISO): in homework mode the answer is stored only inside the class's
     * period, on any step; otherwise only on the class's step while it is open. Never paused.
     */
    at?: string;
    value: number | null;
    /** The numbers of a step that asks several (null or absent otherwise). */
    values?: number[] | null;
    sketch: [number, number][] | null;
  }): Promise<Answer | null>;
  answers(code: string, studentId?: string): Promise<Answer[]>;
  /** A student's machine-ledger entries (the class atlas), replacing their earlier ones. */
  putMachineEntries(code: string, studentId: string, entries: readonly AtlasEntry[]): Promise<void>;
  /** Every student's machine-ledger entries (the atlas, the export). */
  machineEntries(code: string): Promise<(AtlasEntry & { studentId: string })[]>;
  close(): Promise<void>;
}

/** A parametrised statement run, its rows returned. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** What the two drivers must do: run statements, alone or in one transaction. */
export interface Sql {
  query: Query;
  exec(text: string): Promise<void>;
  /** `fn`'s statements as one transaction on one connection: rolled back if it throws. */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS classes (
  code text PRIMARY KEY,
  teacher_key_hash text NOT NULL,
  lesson_id text NOT NULL,
  step integer NOT NULL DEFAULT 1,
  phase text NOT NULL DEFAULT 'open' CHECK (phase IN ('open', 'locked', 'revealed')),
  reveal jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE classes ADD COLUMN IF NOT EXISTS size integer NOT NULL DEFAULT ${LIMITS.classSize};
CREATE TABLE IF NOT EXISTS students (
  id text PRIMARY KEY,
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  name text,
  token_hash text NOT NULL UNIQUE,
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS students_class ON students (class_code, joined_at);
ALTER TABLE students ADD COLUMN IF NOT EXISTS address text NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS answers (
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  step integer NOT NULL,
  value double precision,
  sketch jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_code, student_id, step)
);
-- The numbers of a step that asks several (added after the first release: kept databases gain it).
ALTER TABLE answers ADD COLUMN IF NOT EXISTS numbers jsonb;
-- Addresses whose students the teacher removed: they may join that class no more (added after
-- the first release: kept databases gain it).
CREATE TABLE IF NOT EXISTS barred_addresses (
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  address text NOT NULL,
  barred_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_code, address)
);
-- The board of a real room and homework (added after the first release: kept databases gain
-- them): the teacher's pause, the board's settings, homework's period, each student's step.
ALTER TABLE classes ADD COLUMN IF NOT EXISTS paused boolean NOT NULL DEFAULT false;
ALTER TABLE classes ADD COLUMN IF NOT EXISTS board jsonb;
ALTER TABLE classes ADD COLUMN IF NOT EXISTS opens_at timestamptz;
ALTER TABLE classes ADD COLUMN IF NOT EXISTS closes_at timestamptz;
ALTER TABLE students ADD COLUMN IF NOT EXISTS reached integer NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS step_reveals (
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  step integer NOT NULL,
  reveal jsonb NOT NULL,
  PRIMARY KEY (class_code, step)
);
-- The class atlas: students' machine-ledger entries (src/machine/atlas.ts), one per quantity.
CREATE TABLE IF NOT EXISTS machine_entries (
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  claim text NOT NULL,
  quantity text NOT NULL,
  entry jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_code, student_id, claim, quantity)
);
`;

export const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

interface ClassRow {
  code: string;
  lesson_id: string;
  step: number;
  phase: Phase;
  reveal: Reveal | string | null;
  paused: boolean;
  board: BoardSettings | string | null;
  opens_at: Date | string | null;
  closes_at: Date | string | null;
}
const CLASS_COLUMNS = `code, lesson_id, step, phase, reveal, paused, board, opens_at, closes_at`;
interface StudentRow {
  id: string;
  name: string | null;
}
interface SeatRow extends StudentRow {
  joined_at: Date | string;
  address: string;
  reached: number;
}
interface AnswerRow {
  student_id: string;
  name: string | null;
  step: number;
  value: number | null;
  sketch: [number, number][] | string | null;
  numbers: number[] | string | null;
  updated_at: Date | string;
}

/** jsonb arrives parsed from both drivers; a string is parsed, to be safe with either. */
const json = <T>(v: T | string | null): T | null =>
  v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;

const iso = (t: Date | string) => new Date(t).toISOString();

/** The class's row as the room sees it; the flags only when set (older clients ignore them). */
const toState = (r: ClassRow): ClassState => {
  const board = json(r.board);
  return {
    code: r.code,
    lessonId: r.lesson_id,
    step: r.step,
    phase: r.phase,
    reveal: json(r.reveal),
    ...(r.paused ? { paused: true as const } : {}),
    ...(board ? { board } : {}),
    ...(r.opens_at && r.closes_at
      ? { homework: { opensAt: iso(r.opens_at), closesAt: iso(r.closes_at) } }
      : {}),
  };
};

const toAnswer = (r: AnswerRow): Answer => ({
  studentId: r.student_id,
  name: r.name,
  step: r.step,
  value: r.value === null ? null : Number(r.value),
  values: json(r.numbers),
  sketch: json(r.sketch),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const toSeat = (r: SeatRow): Seat => ({
  studentId: r.id,
  name: r.name,
  joinedAt: new Date(r.joined_at).toISOString(),
  address: r.address,
  reached: r.reached,
});
const SEAT_COLUMNS = `id, name, joined_at, address, reached`;

const ANSWER_COLUMNS = `a.student_id, s.name, a.step, a.value, a.numbers, a.sketch, a.updated_at`;

/** The store on any driver: the SQL is the same for PGlite and a PostgreSQL server. */
export function sqlStore(sql: Sql): Store {
  return {
    ...classRows(sql),
    ...seatRows(sql),
    ...studentRows(sql),
    ...machineRows(sql),
    close: () => sql.close(),
  };
}

/** The class's own row: its state, flags, size, teacher's key, and the kept reveals. */
function classRows(
  sql: Sql,
): Pick<
  Store,
  | 'createClass'
  | 'getClass'
  | 'isTeacher'
  | 'setClass'
  | 'setFlags'
  | 'keepReveal'
  | 'reveals'
  | 'classSize'
  | 'setClassSize'
> {
  return {
    async createClass({ code, teacherKey, lessonId }) {
      const rows = await sql.query<ClassRow>(
        `INSERT INTO classes (code, teacher_key_hash, lesson_id) VALUES ($1, $2, $3)
         RETURNING ${CLASS_COLUMNS}`,
        [code, hash(teacherKey), lessonId],
      );
      return toState(rows[0]!);
    },
    async getClass(code) {
      const rows = await sql.query<ClassRow>(
        `SELECT ${CLASS_COLUMNS} FROM classes WHERE code = $1`,
        [code],
      );
      return rows[0] ? toState(rows[0]) : null;
    },
    async isTeacher(code, teacherKey) {
      const rows = await sql.query<{ teacher_key_hash: string }>(
        `SELECT teacher_key_hash FROM classes WHERE code = $1`,
        [code],
      );
      return rows[0] !== undefined && sameHash(rows[0].teacher_key_hash, hash(teacherKey));
    },
    async setClass(code, { step, phase, reveal }, from) {
      const rows = await sql.query(
        `UPDATE classes SET step = $2, phase = $3, reveal = $4
         WHERE code = $1 AND ($5::integer IS NULL OR (step = $5 AND phase = $6))
         RETURNING code`,
        [
          code,
          step,
          phase,
          reveal === null ? null : JSON.stringify(reveal),
          from?.step ?? null,
          from?.phase ?? null,
        ],
      );
      return rows.length > 0;
    },
    async setFlags(code, { paused, board, homework }) {
      const rows = await sql.query<ClassRow>(
        `UPDATE classes SET paused = COALESCE($2, paused), board = COALESCE($3::jsonb, board),
           opens_at = COALESCE($4::timestamptz, opens_at),
           closes_at = COALESCE($5::timestamptz, closes_at)
         WHERE code = $1 RETURNING ${CLASS_COLUMNS}`,
        [
          code,
          paused ?? null,
          board ? JSON.stringify(board) : null,
          homework?.opensAt ?? null,
          homework?.closesAt ?? null,
        ],
      );
      return rows[0] ? toState(rows[0]) : null;
    },
    async keepReveal(code, step, reveal) {
      await sql.query(
        `INSERT INTO step_reveals (class_code, step, reveal) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (class_code, step) DO UPDATE SET reveal = EXCLUDED.reveal`,
        [code, step, JSON.stringify(reveal)],
      );
    },
    async reveals(code) {
      const rows = await sql.query<{ step: number; reveal: Reveal | string }>(
        `SELECT step, reveal FROM step_reveals WHERE class_code = $1`,
        [code],
      );
      return new Map(rows.map((r) => [r.step, json(r.reveal)!]));
    },
    async classSize(code) {
      const rows = await sql.query<{ size: number }>(`SELECT size FROM classes WHERE code = $1`, [
        code,
      ]);
      return rows[0]?.size ?? 0;
    },
    async setClassSize(code, size) {
      await sql.query(`UPDATE classes SET size = $2 WHERE code = $1`, [code, size]);
    },
  };
}

/** Seats: joins within the class size and an address's share, removals, barred addresses. */
function seatRows(
  sql: Sql,
): Pick<Store, 'addStudent' | 'removeStudents' | 'isBarred' | 'seatsTaken'> {
  return {
    addStudent: ({ code, studentId, name, token, limit, address = '' }) =>
      sql.transaction(async (query) => {
        // The class's row is locked first: concurrent joins on a PostgreSQL server wait here
        // and then count each other's students (one INSERT … WHERE count < limit would not:
        // each statement counts in its own snapshot, and two could both take the last seat).
        const found = await query<{ size: number }>(
          `SELECT size FROM classes WHERE code = $1 FOR UPDATE`,
          [code],
        );
        if (!found[0]) return null;
        if (address) {
          const bar = await query(
            `SELECT 1 FROM barred_addresses WHERE class_code = $1 AND address = $2`,
            [code, address],
          );
          if (bar.length > 0) return null;
        }
        const size = Math.min(limit, found[0].size);
        const [seats] = await query<{ n: number; mine: number }>(
          `SELECT count(*)::integer AS n, count(*) FILTER (WHERE address = $2)::integer AS mine
           FROM students WHERE class_code = $1`,
          [code, address],
        );
        if ((seats?.n ?? 0) >= size) return null;
        if (address && (seats?.mine ?? 0) >= addressShare(size)) return null;
        const rows = await query<SeatRow>(
          `INSERT INTO students (id, class_code, name, token_hash, address)
           VALUES ($1, $2, $3, $4, $5) RETURNING ${SEAT_COLUMNS}`,
          [studentId, code, name, hash(token), address],
        );
        return rows[0] ? toSeat(rows[0]) : null;
      }),
    async removeStudents(code, which) {
      if ('address' in which)
        return sql.transaction(async (query) => {
          // The class's row first, as a join takes it: a join waits, then sees the bar.
          const found = await query(`SELECT 1 FROM classes WHERE code = $1 FOR UPDATE`, [code]);
          if (found.length === 0) return [];
          await query(
            `INSERT INTO barred_addresses (class_code, address) VALUES ($1, $2)
             ON CONFLICT DO NOTHING`,
            [code, which.address],
          );
          const rows = await query<{ id: string }>(
            `DELETE FROM students WHERE class_code = $1 AND address = $2 RETURNING id`,
            [code, which.address],
          );
          return rows.map((r) => r.id);
        });
      const [where, param] =
        'studentIds' in which
          ? ['id = ANY($2::text[])', which.studentIds]
          : ['joined_at >= $2::timestamptz', which.joinedAfter];
      const rows = await sql.query<{ id: string }>(
        `DELETE FROM students WHERE class_code = $1 AND ${where} RETURNING id`,
        [code, param],
      );
      return rows.map((r) => r.id);
    },
    async isBarred(code, address) {
      const rows = await sql.query(
        `SELECT 1 FROM barred_addresses WHERE class_code = $1 AND address = $2`,
        [code, address],
      );
      return rows.length > 0;
    },
    async seatsTaken(code, address) {
      const rows = await sql.query<{ n: number; mine: number }>(
        `SELECT count(*)::integer AS n, count(*) FILTER (WHERE address = $2)::integer AS mine
         FROM students WHERE class_code = $1`,
        [code, address],
      );
      return { total: rows[0]?.n ?? 0, fromAddress: rows[0]?.mine ?? 0 };
    },
  };
}

/** Students and their answers: who holds a token, the roster, the answers, homework's step. */
function studentRows(
  sql: Sql,
): Pick<Store, 'setReached' | 'studentByToken' | 'students' | 'putAnswer' | 'answers'> {
  return {
    async setReached(code, studentId, step) {
      const rows = await sql.query<SeatRow>(
        `UPDATE students SET reached = GREATEST(reached, $3) WHERE class_code = $1 AND id = $2
         RETURNING ${SEAT_COLUMNS}`,
        [code, studentId, step],
      );
      return rows[0] ? toSeat(rows[0]) : null;
    },
    async studentByToken(code, token) {
      const rows = await sql.query<StudentRow>(
        `SELECT id, name FROM students WHERE class_code = $1 AND token_hash = $2`,
        [code, hash(token)],
      );
      return rows[0] ? { studentId: rows[0].id, name: rows[0].name } : null;
    },
    async students(code) {
      const rows = await sql.query<SeatRow>(
        `SELECT ${SEAT_COLUMNS} FROM students WHERE class_code = $1
         ORDER BY joined_at, id`,
        [code],
      );
      return rows.map(toSeat);
    },
    async putAnswer({ code, studentId, step, value, values = null, sketch, at }) {
      // The class's row is read FOR SHARE: a lock or step change committing meanwhile makes
      // this wait and look again, so no answer lands after the teacher locked the step.
      // Homework (closes_at set): any step, inside the period on the server's clock ($7).
      const rows = await sql.query<AnswerRow>(
        `WITH open AS (
           SELECT code FROM classes WHERE code = $1 AND NOT paused AND (
             (closes_at IS NULL AND step = $3 AND phase = 'open')
             OR (closes_at IS NOT NULL AND opens_at <= $7::timestamptz
                 AND $7::timestamptz < closes_at)
           ) FOR SHARE
         ), a AS (
           INSERT INTO answers (class_code, student_id, step, value, sketch, numbers, updated_at)
           SELECT open.code, $2::text, $3::integer, $4::double precision, $5::jsonb, $6::jsonb, now()
           FROM open
           ON CONFLICT (class_code, student_id, step)
           DO UPDATE SET value = EXCLUDED.value, sketch = EXCLUDED.sketch,
             numbers = EXCLUDED.numbers, updated_at = now()
           RETURNING *
         )
         SELECT ${ANSWER_COLUMNS} FROM a JOIN students s ON s.id = a.student_id`,
        [
          code,
          studentId,
          step,
          value,
          sketch === null ? null : JSON.stringify(sketch),
          values === null ? null : JSON.stringify(values),
          at ?? new Date().toISOString(),
        ],
      );
      return rows[0] ? toAnswer(rows[0]) : null;
    },
    async answers(code, studentId) {
      const rows = await sql.query<AnswerRow>(
        `SELECT ${ANSWER_COLUMNS} FROM answers a JOIN students s ON s.id = a.student_id
         WHERE a.class_code = $1 AND ($2::text IS NULL OR a.student_id = $2)
         ORDER BY a.step, s.joined_at, a.student_id`,
        [code, studentId ?? null],
      );
      return rows.map(toAnswer);
    },
  };
}

/** The machine atlas: each student's entries, replaced as a whole. */
function machineRows(sql: Sql): Pick<Store, 'putMachineEntries' | 'machineEntries'> {
  return {
    async putMachineEntries(code, studentId, entries) {
      await sql.transaction(async (query) => {
        await query(`DELETE FROM machine_entries WHERE class_code = $1 AND student_id = $2`, [
          code,
          studentId,
        ]);
        for (const e of entries)
          await query(
            `INSERT INTO machine_entries (class_code, student_id, claim, quantity, entry)
             VALUES ($1, $2, $3, $4, $5::jsonb)
             ON CONFLICT (class_code, student_id, claim, quantity) DO UPDATE SET entry = EXCLUDED.entry`,
            [code, studentId, e.claim, e.quantity, JSON.stringify(e)],
          );
      });
    },
    async machineEntries(code) {
      const rows = await sql.query<{ student_id: string; entry: AtlasEntry | string }>(
        `SELECT m.student_id, m.entry FROM machine_entries m JOIN students s ON s.id = m.student_id
         WHERE m.class_code = $1 ORDER BY s.joined_at, m.student_id, m.claim, m.quantity`,
        [code],
      );
      return rows.map((r) => ({ ...json(r.entry)!, studentId: r.student_id }));
    },
  };
}

/**
 * PGlite in `dataDir` (created if missing), or in memory when none is given (tests). On disc,
 * with fsync on (server/pglite-sync.ts): a statement that committed is answered only once the
 * log is on disc.
 */
async function pglite(dataDir?: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  let sync: WalSync | null = null;
  let db;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    const { WalSync } = await import('./pglite-sync.ts');
    sync = new WalSync();
    db = new PGlite({ fs: sync.filesystem(dataDir), startParams: WalSync.startParams() });
  } else db = new PGlite();
  await db.waitReady;
  if (dataDir) (await import('./pglite-sync.ts')).WalSync.syncOnce(dataDir);
  /** `run`'s result once what it committed is on disc. */
  const durable = async <T>(run: () => Promise<T>): Promise<T> => {
    const before = sync?.requests;
    const out = await run();
    if (sync && sync.requests !== before) await sync.durable();
    return out;
  };
  return {
    query: <T>(text: string, params: unknown[] = []) =>
      durable(async () => (await db.query<T>(text, params)).rows),
    exec: (text) =>
      durable(async () => {
        await db.exec(text);
      }),
    // PGlite is one connection: its transaction() holds every other query until it ends.
    transaction: (fn) =>
      durable(() =>
        db.transaction((tx) =>
          fn(
            async <T>(text: string, params: unknown[] = []) =>
              (await tx.query<T>(text, params)).rows,
          ),
        ),
      ),
    close: () => db.close(),
  };
}

async function postgres(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart) is an 'error' event: without a listener
  // it would end the process; the pool opens a new connection for the next query.
  pool.on('error', (e) => console.error(`class server: database connection lost: ${e.message}`));
  return {
    query: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    exec: async (text) => {
      await pool.query(text);
    },
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const out = await fn(
          async <T>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as T[],
        );
        await client.query('COMMIT');
        return out;
      } catch (e) {
        // A connection whose ROLLBACK fails is not given back to the pool.
        await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        throw e;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * The store: PostgreSQL at `databaseUrl` when given, else PGlite in `dataDir` (in memory
 * without one), with the schema in place.
 */
export async function openStore(where: StoreLocation): Promise<Store> {
  return sqlStore(await openSql(where));
}

export interface StoreLocation {
  /** PGlite's folder; in memory without one (and without databaseUrl). */
  dataDir?: string;
  /** A PostgreSQL server, e.g. `postgresql://user@host:5432/db`: wins over dataDir. */
  databaseUrl?: string;
}

/** The database itself, with the schema in place (tests read its tables through this). */
export async function openSql({ dataDir, databaseUrl }: StoreLocation): Promise<Sql> {
  const sql = databaseUrl ? await postgres(databaseUrl) : await pglite(dataDir);
  try {
    await sql.exec(SCHEMA);
  } catch (e) {
    await sql.close().catch(() => {});
    throw e;
  }
  return sql;
}
