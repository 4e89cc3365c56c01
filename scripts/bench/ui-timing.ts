/**
 * Where the control → table time goes (issues #12, #31). A model page's session
 * (src/state/modelSession.ts) marks each step when the bench sets `__latencyLabMarks`:
 * `ll:input` (the scenario asked for), `ll:sent`, `ll:answer` (with the worker's own time)
 * and `ll:commit`; scripts/bench.ts reads those. Without marks (an older build) the figures
 * come from here: an init script wraps `Worker` so that the moments the page posts to the tables worker
 * (`lab-tables`) and hears back from it are recorded; the worker itself records how long the
 * table took (`lab:tables`, a User Timing measure in workers/lab.worker.ts). A step is then
 *
 *   input   input event → the request posted (the input's React render, the URL, the effect)
 *   worker  the model and the comparison in the worker
 *   message posted → answer heard, less the worker's time: structured clone both ways,
 *           thread wake-ups, comlink
 *   render  answer heard → the tables committed (`data-rendered-hash`): React's render
 *   paint   committed → the next frame, then a task: the wait for the next vsync frame (up to
 *           16.7 ms, a quiet page's median about half that), that frame's style, layout and
 *           paint, and any task queued before it (the charts the session held back while the
 *           tables were computing are drawn in a task of their own right after them). Not
 *           part of control → table, which ends when the tables are committed.
 */
import type { Page } from 'playwright-core';

/** Runs in the page before any script of the app. */
export const WORKER_TIMING_INIT = `(() => {
  const Base = globalThis.Worker;
  if (!Base) return;
  const log = (globalThis.__labTiming = { post: [], hear: [] });
  globalThis.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.__tables = !!options && options.name === 'lab-tables';
      // Registered before comlink's own listener, so it runs first.
      if (this.__tables) this.addEventListener('message', () => log.hear.push(performance.now()));
    }
    postMessage(...args) {
      if (this.__tables) log.post.push(performance.now());
      return super.postMessage(...args);
    }
  };
})();`;

export interface StepParts {
  inputMs: number;
  workerMs: number;
  messageMs: number;
  renderMs: number;
  paintMs: number;
}

/** The tables worker's last `lab:tables` duration (NaN if there is none). */
export async function lastTablesMs(page: Page): Promise<number> {
  for (const w of page.workers()) {
    const ms = await w
      .evaluate(() =>
        self.name === 'lab-tables'
          ? (performance.getEntriesByName('lab:tables').at(-1)?.duration ?? NaN)
          : null,
      )
      .catch(() => null);
    if (ms !== null) return ms;
  }
  return NaN;
}
