/**
 * The board of a real room and homework mode (class-board-contract.ts) on PGlite in a folder,
 * the class server's own store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openStore } from '../../server/store';
import { boardContract } from './class-board-contract';

let dir = '';
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

boardContract('PGlite', async () => {
  dir = await mkdtemp(join(tmpdir(), 'class-board-'));
  return openStore({ dataDir: dir });
});
