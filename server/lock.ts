import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { uptime } from 'node:os';
import { join } from 'node:path';

/**
 * One class server per data folder. The embedded database (PGlite) has no lock of its own:
 * two servers on one folder each write their own view of it, and the last to stop wins —
 * a whole class gone. So the server takes `class-server.lock` in the folder before it opens
 * the database: a file created atomically (link(2) of a fully written file: another process
 * never reads half a lock), holding this process's pid, its start time (/proc, where there is
 * one) and the machine's boot time. A lock whose process is gone — killed with SIGKILL, a
 * power cut, a reboot — is stale and taken over at once, so a restart is never blocked; a
 * lock whose process is alive refuses. A stale lock is moved aside (rename(2), atomic) and
 * looked at again before it is replaced: two servers started at the same instant on a folder
 * whose last server was killed cannot both win.
 */
export const LOCK_FILE = 'class-server.lock';

interface Owner {
  pid: number;
  /** Clock ticks after boot (Linux /proc/<pid>/stat field 22); null where there is none. */
  started: string | null;
  /** When the machine booted (s since 1970, to a few seconds). */
  boot: number;
  nonce: string;
}

/** The process's start time from /proc, or null (macOS, Windows, no such process). */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

const bootTime = () => Math.round(Date.now() / 1000 - uptime());

function parse(text: string): Owner | null {
  try {
    const o = JSON.parse(text) as Partial<Owner>;
    return typeof o.pid === 'number' && Number.isInteger(o.pid) && o.pid > 0
      ? {
          pid: o.pid,
          started: typeof o.started === 'string' ? o.started : null,
          boot: typeof o.boot === 'number' ? o.boot : 0,
          nonce: typeof o.nonce === 'string' ? o.nonce : '',
        }
      : null;
  } catch {
    return null;
  }
}

/** Whether the lock's process still runs (the same process, not a later one with its pid). */
function alive(o: Owner): boolean {
  if (o.pid === process.pid) return false;
  // Another boot: every process of the last one is gone (boot times agree to a few seconds).
  if (Math.abs(o.boot - bootTime()) > 30) return false;
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    // EPERM: a process of another user has that pid; it lives.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTime(o.pid);
  return o.started === null || now === null || now === o.started;
}

export class FolderLocked extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number | null,
  ) {
    super(
      pid === null
        ? `another class server is starting on ${folder}: wait for it, or give this one --data with another folder`
        : `another class server (pid ${pid}) is using ${folder}: stop it first, or give this one --data with another folder`,
    );
  }
}

/**
 * Takes the folder's lock (the folder must exist); throws FolderLocked when a live process
 * holds it. `release()` removes it if it is still this process's; the lock is released by
 * itself when the process ends, since a dead process's lock is stale.
 */
export function lockFolder(folder: string): { file: string; release: () => void } {
  const file = join(folder, LOCK_FILE);
  const mine: Owner = {
    pid: process.pid,
    started: startTime(process.pid),
    boot: bootTime(),
    nonce: randomBytes(12).toString('hex'),
  };
  const text = JSON.stringify(mine);
  const draft = `${file}.${process.pid}.${mine.nonce}`;
  writeFileSync(draft, text, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = readIfThere(file);
      if (seen === null) continue; // Released meanwhile: try again.
      const owner = parse(seen);
      if (owner && alive(owner)) throw new FolderLocked(folder, owner.pid);
      // Stale (or unreadable): moved aside, then looked at again — it may have been replaced
      // by a live server's lock between our reading and our moving it.
      if (attempt > 5) throw new FolderLocked(folder, null);
      const aside = `${file}.stale.${process.pid}.${mine.nonce}`;
      try {
        renameSync(file, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      const moved = readIfThere(aside);
      if (moved !== seen) {
        // Someone else's fresh lock: put it back (unless yet another took the place).
        try {
          linkSync(aside, file);
        } catch {
          // EEXIST: a third server holds the folder now; the retry below sees it.
        }
      }
      unlinkSync(aside);
    }
  } finally {
    unlinkSync(draft);
  }
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      if (readIfThere(file) === text) unlinkSync(file);
    },
  };
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
