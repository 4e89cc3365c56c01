import { createHash, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Answer, ClassState, Phase, Reveal, Student } from '../src/class/protocol.ts';

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
  setClass(code: string, s: { step: number; phase: Phase; reveal: Reveal | null }): Promise<void>;
  /** null when the class is full (`limit` students). */
  addStudent(s: {
    code: string;
    studentId: string;
    name: string | null;
    token: string;
    limit: number;
  }): Promise<Student | null>;
  studentByToken(code: string, token: string): Promise<Student | null>;
  students(code: string): Promise<Student[]>;
  putAnswer(a: {
    code: string;
    studentId: string;
    step: number;
    value: number | null;
    sketch: [number, number][] | null;
  }): Promise<Answer>;
  answers(code: string, studentId?: string): Promise<Answer[]>;
  close(): Promise<void>;
}

/** The one thing the two drivers must do: run a parametrised statement, return its rows. */
export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
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
CREATE TABLE IF NOT EXISTS students (
  id text PRIMARY KEY,
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  name text,
  token_hash text NOT NULL UNIQUE,
  joined_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS students_class ON students (class_code, joined_at);
CREATE TABLE IF NOT EXISTS answers (
  class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE,
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  step integer NOT NULL,
  value double precision,
  sketch jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (class_code, student_id, step)
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
}
interface StudentRow {
  id: string;
  name: string | null;
}
interface AnswerRow {
  student_id: string;
  name: string | null;
  step: number;
  value: number | null;
  sketch: [number, number][] | string | null;
  updated_at: Date | string;
}

/** jsonb arrives parsed from both drivers; a string is parsed, to be safe with either. */
const json = <T>(v: T | string | null): T | null =>
  v === null ? null : typeof v === 'string' ? (JSON.parse(v) as T) : v;

const toState = (r: ClassRow): ClassState => ({
  code: r.code,
  lessonId: r.lesson_id,
  step: r.step,
  phase: r.phase,
  reveal: json(r.reveal),
});

const toAnswer = (r: AnswerRow): Answer => ({
  studentId: r.student_id,
  name: r.name,
  step: r.step,
  value: r.value === null ? null : Number(r.value),
  sketch: json(r.sketch),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const ANSWER_COLUMNS = `a.student_id, s.name, a.step, a.value, a.sketch, a.updated_at`;

/** The store on any driver: the SQL is the same for PGlite and a PostgreSQL server. */
export function sqlStore(sql: Sql): Store {
  return {
    async createClass({ code, teacherKey, lessonId }) {
      const rows = await sql.query<ClassRow>(
        `INSERT INTO classes (code, teacher_key_hash, lesson_id) VALUES ($1, $2, $3)
         RETURNING code, lesson_id, step, phase, reveal`,
        [code, hash(teacherKey), lessonId],
      );
      return toState(rows[0]!);
    },
    async getClass(code) {
      const rows = await sql.query<ClassRow>(
        `SELECT code, lesson_id, step, phase, reveal FROM classes WHERE code = $1`,
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
    async setClass(code, { step, phase, reveal }) {
      await sql.query(`UPDATE classes SET step = $2, phase = $3, reveal = $4 WHERE code = $1`, [
        code,
        step,
        phase,
        reveal === null ? null : JSON.stringify(reveal),
      ]);
    },
    async addStudent({ code, studentId, name, token, limit }) {
      // One statement: the count and the insert cannot interleave with another join.
      const rows = await sql.query<StudentRow>(
        `INSERT INTO students (id, class_code, name, token_hash)
         SELECT $1, $2, $3, $4
         WHERE (SELECT count(*) FROM students WHERE class_code = $2) < $5
         RETURNING id, name`,
        [studentId, code, name, hash(token), limit],
      );
      return rows[0] ? { studentId: rows[0].id, name: rows[0].name } : null;
    },
    async studentByToken(code, token) {
      const rows = await sql.query<StudentRow>(
        `SELECT id, name FROM students WHERE class_code = $1 AND token_hash = $2`,
        [code, hash(token)],
      );
      return rows[0] ? { studentId: rows[0].id, name: rows[0].name } : null;
    },
    async students(code) {
      const rows = await sql.query<StudentRow>(
        `SELECT id, name FROM students WHERE class_code = $1 ORDER BY joined_at, id`,
        [code],
      );
      return rows.map((r) => ({ studentId: r.id, name: r.name }));
    },
    async putAnswer({ code, studentId, step, value, sketch }) {
      const rows = await sql.query<AnswerRow>(
        `WITH a AS (
           INSERT INTO answers (class_code, student_id, step, value, sketch, updated_at)
           VALUES ($1, $2, $3, $4, $5, now())
           ON CONFLICT (class_code, student_id, step)
           DO UPDATE SET value = EXCLUDED.value, sketch = EXCLUDED.sketch, updated_at = now()
           RETURNING *
         )
         SELECT ${ANSWER_COLUMNS} FROM a JOIN students s ON s.id = a.student_id`,
        [code, studentId, step, value, sketch === null ? null : JSON.stringify(sketch)],
      );
      return toAnswer(rows[0]!);
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
    close: () => sql.close(),
  };
}

/** PGlite in `dataDir` (created if missing), or in memory when none is given (tests). */
async function pglite(dataDir?: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  return {
    query: async <T>(text: string, params: unknown[] = []) =>
      (await db.query<T>(text, params)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
    close: () => db.close(),
  };
}

async function postgres(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    query: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    exec: async (text) => {
      await pool.query(text);
    },
    close: () => pool.end(),
  };
}

/**
 * The store: PostgreSQL at `databaseUrl` when given, else PGlite in `dataDir` (in memory
 * without one), with the schema in place.
 */
export async function openStore({
  dataDir,
  databaseUrl,
}: {
  dataDir?: string;
  databaseUrl?: string;
}): Promise<Store> {
  const sql = databaseUrl ? await postgres(databaseUrl) : await pglite(dataDir);
  await sql.exec(SCHEMA);
  return sqlStore(sql);
}
