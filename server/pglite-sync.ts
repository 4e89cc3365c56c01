import { closeSync, existsSync, fsyncSync, openSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { open } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * Durability for the embedded PostgreSQL. PGlite starts PostgreSQL with `-F` (fsync = off),
 * and its Node filesystem (Emscripten's NODEFS) has no fsync at all: PostgreSQL's fsync calls
 * return at once and nothing reaches the disc until the kernel writes it back — a power cut
 * could lose acknowledged answers, or the whole cluster. Here:
 *
 * - PostgreSQL runs with fsync on and `wal_sync_method = fsync` (fdatasync is a no-op in
 *   Emscripten; fsync reaches the filesystem's own hook);
 * - NODEFS gets an fsync: for a data file, a directory or pg_control it is done there and then
 *   (checkpoints keep PostgreSQL's own order); for the write-ahead log it is noted, and the
 *   server calls `durable()` after a statement that committed and before it answers, which
 *   fsyncs the noted log files off the event loop — one fsync for every commit made
 *   meanwhile (group commit: 50 answers in flight cost a few fsyncs, not 50);
 * - before any write to a file that is not the log, noted log fsyncs are done first: a data
 *   page never reaches the disc before the log that describes it (PostgreSQL's own rule,
 *   which its deferred fsync would otherwise break).
 */
export class WalSync {
  /** Log files PostgreSQL asked to fsync since the last flush (host paths). */
  private readonly pending = new Set<string>();
  /** Log files being fsynced now. */
  private readonly inflight = new Set<string>();
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** How many fsyncs of the log PostgreSQL asked for: a statement that raised it committed. */
  requests = 0;
  /** Files fsynced (log flushes and immediate ones), for the tests and the bench. */
  fsyncs = 0;

  /** PGlite's Node filesystem in `dataDir`, with the hooks above. */
  filesystem(dataDir: string): NodeFS {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sync = this;
    class SyncedNodeFS extends NodeFS {
      override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
        const out = await super.init(pg, opts);
        const preRun = out.emscriptenOpts.preRun ?? [];
        out.emscriptenOpts.preRun = [
          (mod: unknown) => sync.hook(mod as EmscriptenModule),
          ...(Array.isArray(preRun) ? preRun : [preRun]),
        ];
        return out;
      }
    }
    return new SyncedNodeFS(dataDir);
  }

  /**
   * Every file and folder under `dir` fsynced, once, when the store opens: what PGlite's
   * initdb wrote (with fsync off) and whatever a server before this one left unsynced, as
   * PostgreSQL itself does after a crash (SyncDataDirectory). The log then covers the rest.
   */
  static syncTree(dir: string): number {
    let n = 0;
    const visit = (path: string, isDir: boolean) => {
      if (isDir)
        for (const e of readdirSync(path, { withFileTypes: true }))
          if (e.isDirectory() || e.isFile()) visit(join(path, e.name), e.isDirectory());
      const fd = openSync(path, 'r');
      try {
        fsyncSync(fd);
        n++;
      } finally {
        closeSync(fd);
      }
    };
    visit(dir, true);
    return n;
  }

  /**
   * `syncTree(dir)` the first time this server opens a folder (initdb's files, or a folder of
   * a server from before fsync), then a marker: from then on PostgreSQL's own fsyncs keep it
   * (after a crash it fsyncs the whole folder itself before recovery).
   */
  static syncOnce(dir: string): void {
    const marker = join(dir, 'class-server.synced');
    if (existsSync(marker)) return;
    WalSync.syncTree(dir);
    writeFileSync(marker, 'Every file here was fsynced once; PostgreSQL keeps them since.\n');
    for (const path of [marker, dir]) {
      const fd = openSync(path, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  }

  /** PGlite's start parameters with fsync on. */
  static startParams(): string[] {
    return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
  }

  private hook(mod: EmscriptenModule) {
    const nodefs = mod.NODEFS;
    const ops = nodefs.stream_ops;
    const hostPath = (s: Stream) => nodefs.realPath(s.node);
    const isLog = (s: Stream) => /\/pg_wal\/[0-9A-F]{24}$/.test(s.path ?? '');
    ops.fsync = (s: Stream) =>
      nodefs.tryFSOperation(() => {
        if (isLog(s)) {
          this.pending.add(hostPath(s));
          this.requests++;
        } else {
          this.flushNow();
          fsyncSync(s.nfd);
          this.fsyncs++;
        }
        return 0;
      });
    const write = ops.write;
    ops.write = (s: Stream, ...rest: unknown[]) => {
      if (!isLog(s) && (this.pending.size || this.inflight.size))
        nodefs.tryFSOperation(() => this.flushNow());
      return write(s, ...rest);
    };
  }

  /** Every noted or in-flight log fsync, done now (blocking). */
  private flushNow() {
    for (const file of new Set([...this.pending, ...this.inflight])) {
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw e;
      }
      try {
        fsyncSync(fd);
        this.fsyncs++;
      } finally {
        closeSync(fd);
      }
    }
    this.pending.clear();
  }

  private async flush() {
    const files = [...this.pending];
    this.pending.clear();
    for (const f of files) this.inflight.add(f);
    try {
      await Promise.all(
        files.map(async (file) => {
          const handle = await open(file, 'r').catch((e: NodeJS.ErrnoException) => {
            // A log file recycled meanwhile was fsynced before (flushNow, at the checkpoint).
            if (e.code === 'ENOENT') return null;
            throw e;
          });
          if (!handle) return;
          try {
            await handle.sync();
            this.fsyncs++;
          } finally {
            await handle.close();
          }
        }),
      );
    } finally {
      for (const f of files) this.inflight.delete(f);
    }
  }

  /**
   * Resolves when every commit made so far is on disc: joins the flush in progress if it
   * covers them, else the next one (which starts as soon as the one in progress ends).
   */
  durable(): Promise<void> {
    if (this.pending.size === 0) return this.running ?? Promise.resolve();
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => {})
      .then(() => {
        this.next = null;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<void> {
    const run = this.flush().finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }
}

interface Stream {
  nfd: number;
  path?: string;
  node: unknown;
}

type StreamOp = (s: Stream, ...rest: unknown[]) => unknown;

interface EmscriptenModule {
  NODEFS: {
    stream_ops: { write: StreamOp; fsync?: StreamOp };
    realPath(node: unknown): string;
    tryFSOperation<T>(f: () => T): T;
  };
}
