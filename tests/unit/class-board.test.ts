/**
 * The board of a real room and homework mode (class-board-contract.ts) on PGlite in a folder,
 * the class server's own store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSql, openStore } from '../../server/store';
import { boardContract } from './class-board-contract';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

boardContract('PGlite', async () => {
  dir = await mkdtemp(join(tmpdir(), 'class-board-'));
  return openStore({ dataDir: dir });
});

describe('a class store kept from before the board and homework', () => {
  it('gains their columns and tables when opened, its classes and students whole', async () => {
    const old = await mkdtemp(join(tmpdir(), 'class-board-old-'));
    try {
      // The first release's tables, with a class and a student in them.
      const before = await openSql({ dataDir: old });
      await before.exec(`
        DROP TABLE IF EXISTS step_reveals, machine_entries, barred_addresses, answers, students, classes;
        CREATE TABLE classes (code text PRIMARY KEY, teacher_key_hash text NOT NULL,
          lesson_id text NOT NULL, step integer NOT NULL DEFAULT 1,
          phase text NOT NULL DEFAULT 'open', reveal jsonb,
          created_at timestamptz NOT NULL DEFAULT now());
        CREATE TABLE students (id text PRIMARY KEY,
          class_code text NOT NULL REFERENCES classes (code) ON DELETE CASCADE, name text,
          token_hash text NOT NULL UNIQUE, joined_at timestamptz NOT NULL DEFAULT now());
        INSERT INTO classes (code, teacher_key_hash, lesson_id, step)
          VALUES ('keptclass2', 'x', 'quiz', 3);
        INSERT INTO students (id, class_code, name, token_hash)
          VALUES ('kept-1', 'keptclass2', 'Kim', 'h');`);
      await before.close();
      const store = await openStore({ dataDir: old });
      try {
        expect(await store.getClass('keptclass2')).toEqual({
          code: 'keptclass2',
          lessonId: 'quiz',
          step: 3,
          phase: 'open',
          reveal: null,
        });
        expect((await store.students('keptclass2')).map((s) => [s.name, s.reached])).toEqual([
          ['Kim', 1],
        ]);
        expect((await store.setFlags('keptclass2', { paused: true }))?.paused).toBe(true);
        expect((await store.setReached('keptclass2', 'kept-1', 2))?.reached).toBe(2);
        expect(await store.reveals('keptclass2')).toEqual(new Map());
      } finally {
        await store.close();
      }
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });
});
