import { expose } from 'comlink';
import { afterEach, beforeEach } from 'vitest';

/**
 * A stand-in for a Web Worker in Node: `api` exposed over a MessageChannel in this process, so
 * a test can hold each step of a call. `made` and `live` count the workers started and not yet
 * terminated; `crash` does what a browser does when the worker script throws or fails to load.
 */
export function fakeWorkerClass(api: object) {
  return class FakeWorker extends EventTarget {
    static made = 0;
    static live = 0;
    readonly port: MessagePort;
    terminated = false;
    constructor() {
      super();
      FakeWorker.made++;
      FakeWorker.live++;
      const { port1, port2 } = new MessageChannel();
      expose(api, port2);
      port1.start();
      this.port = port1;
    }
    postMessage(message: unknown, transfer: Transferable[] = []) {
      if (!this.terminated) this.port.postMessage(message, transfer);
    }
    override addEventListener(type: string, listener: EventListener | null) {
      if (type === 'message') this.port.addEventListener(type, listener as EventListener);
      else super.addEventListener(type, listener);
    }
    override removeEventListener(type: string, listener: EventListener | null) {
      if (type === 'message') this.port.removeEventListener(type, listener as EventListener);
      else super.removeEventListener(type, listener);
    }
    terminate() {
      if (this.terminated) return;
      this.terminated = true;
      FakeWorker.live--;
      this.port.close();
    }
    crash(message: string) {
      const e = new Event('error') as Event & { message: string };
      e.message = message;
      this.dispatchEvent(e);
    }
  };
}

/**
 * Stand-ins for this test file: `globalThis.Worker` is a fake around `api` in each test, and
 * `make` starts one, kept in `workers` (terminated after the test).
 */
export function useFakeWorkers(api: object) {
  const FakeWorker = fakeWorkerClass(api);
  const workers: InstanceType<typeof FakeWorker>[] = [];
  beforeEach(() => {
    workers.length = 0;
    FakeWorker.made = 0;
    FakeWorker.live = 0;
    (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  });
  afterEach(() => {
    for (const w of workers) w.terminate();
    delete (globalThis as { Worker?: unknown }).Worker;
  });
  const make = () => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  };
  return { FakeWorker, workers, make };
}
