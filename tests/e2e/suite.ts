/**
 * What every browser test file shares: one `vite preview` server and one Chromium per file,
 * a fresh context per page, and a check after each test that no page threw an uncaught error
 * (bad input must never crash the app). Call `browserSuite()` at the top of a test file.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import type { CreatedClass } from '../../src/class/protocol';
import { launchChromium, startPreview } from '../../scripts/lib/browser';
import { findModelInfo } from '../../src/models/registry';
import type { ModelInfo } from '../../src/models/types';
import { presetScenario, serializeScenario } from '../../src/scenario';

export { chartsCaughtUp, tablesReady } from '../../scripts/lib/browser';

/** What serves the app: a `vite preview` of dist/, or the class server. */
export interface Served {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  stop(): Promise<void>;
}

type Viewport = { width: number; height: number };

export interface BrowserSuite<S extends Served = Served> {
  /** The server's base URL (`http://127.0.0.1:<port>/`); read it inside tests. */
  readonly url: string;
  /** The server itself (set once the file's tests start). */
  readonly server: S;
  /**
   * A page in a fresh context, optionally with permissions (e.g. clipboard) granted. Service
   * workers are blocked unless asked for: a page controlled by the offline worker fetches
   * through it, where `page.route` (the fault tests' injection) cannot see the requests.
   */
  newPage(permissions?: string[], opts?: PageOptions): Promise<Page>;
  /** A new page (as `newPage`) gone to `link` on this server (`#/…`, or '' for the home page). */
  open(link: string, permissions?: string[], opts?: PageOptions): Promise<Page>;
}

interface PageOptions {
  serviceWorkers?: 'allow' | 'block';
  viewport?: Viewport;
}

const servePreview = async (): Promise<Served> => {
  const p = await startPreview();
  return { url: p.url, stop: p.close };
};

/** `serve` starts the app's server (a preview of dist/ unless given); pages open at `viewport`. */
export function browserSuite<S extends Served = Served>(
  serve: () => Promise<S> = servePreview as () => Promise<S>,
  viewport: Viewport = { width: 1400, height: 1000 },
): BrowserSuite<S> {
  let server: S | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  beforeAll(async () => {
    server = await serve();
    browser = await launchChromium();
  });

  afterEach(() => {
    const errors = pageErrors;
    pageErrors = [];
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  return {
    get url() {
      return this.server.url;
    },
    get server() {
      if (!server) throw new Error('the server is not started yet');
      return server;
    },
    async newPage(permissions: string[] = [], opts: PageOptions = {}) {
      if (!browser || !server) throw new Error('the browser is not started yet');
      const context = await browser.newContext({
        viewport: opts.viewport ?? viewport,
        serviceWorkers: opts.serviceWorkers ?? 'block',
      });
      // Every wait in these tests is for a state; this only bounds a hang, generously, so
      // that a loaded machine is slow rather than red.
      context.setDefaultTimeout(120_000);
      contexts.push(context);
      if (permissions.length) await context.grantPermissions(permissions, { origin: server.url });
      const page = await context.newPage();
      page.on('pageerror', (e) => pageErrors.push(e.message));
      return page;
    },
    async open(link: string, permissions: string[] = [], opts: PageOptions = {}) {
      const page = await this.newPage(permissions, opts);
      await page.goto(this.url + link);
      return page;
    },
  };
}

/** `#/model?…` of a link: the form `location.hash` and `data-rendered-hash` take. */
export const hashOf = (link: string) => link.slice(link.indexOf('#'));

/** The `#/model?…` of a model's preset. */
export const presetHash = (model: ModelInfo, id: string) =>
  hashOf(serializeScenario(presetScenario(model, id)));

/** The `#/…` of file-access's SL table, the page most of these tests open. */
export const SL = presetHash(findModelInfo('file-access')!, 'mpe-sl-seq');

/**
 * Waits until the tables on screen are the ones for the current URL (a canonical link; how it
 * is shown, `view=` and `controls=`, is not part of the scenario they were drawn for).
 */
export async function tablesShowCurrentUrl(page: Page | Frame): Promise<void> {
  await page.waitForFunction(() => {
    const r = document.querySelector('[data-testid=results]');
    const scenario = location.hash.replace(/&(view|controls)=[^&]*/g, '');
    return (
      r?.getAttribute('data-status') === 'ready' &&
      r.getAttribute('data-rendered-hash') === scenario
    );
  });
}

/**
 * Waits until the tables on screen are the current URL's with their prediction intervals: a
 * model that sends its values first (file-access, hyperthreads) shows them before the
 * intervals, which follow once the scenario holds still.
 */
export async function tablesCompleteForUrl(page: Page | Frame): Promise<void> {
  await tablesShowCurrentUrl(page);
  await page.waitForFunction(
    () => document.querySelector('[data-testid=results]')?.getAttribute('data-intervals') === '',
  );
  // The intervals' cells are in the DOM; a table that outgrew its column stacks in the next
  // rendering step (its ResizeObserver), so measure after a frame has been drawn.
  await framesDrawn(page);
}

/**
 * Waits until two frames have been drawn. A state the page shows (an attribute, an element)
 * can still change its layout in the next rendering step: a ResizeObserver there (a table
 * that stacks its columns, then its scroll hint) re-renders, and a React update from a hover
 * or a pointer leaving is scheduled, not immediate. Read geometry, computed styles or the
 * outcome of such an update after this, never right after the state appears.
 */
export async function framesDrawn(page: Page | Frame): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Waits until the tables on screen are ready and were drawn for a scenario whose link contains
 * `part` (`table=mpe-sl-seq`, `recordBytes=256&`): after a link that is not canonical is opened
 * on a page already showing tables, whose `ready` is the old scenario's until the new one's
 * are drawn.
 */
export async function tablesFor(page: Page | Frame, part: string): Promise<void> {
  await page.waitForFunction((p) => {
    const r = document.querySelector('[data-testid=results]');
    return (
      r?.getAttribute('data-status') === 'ready' &&
      !!r.getAttribute('data-rendered-hash')?.includes(p)
    );
  }, part);
}

/**
 * The knobs the app is about: page size, prefetch distance, core count, call overhead — each
 * on a page whose table it moves (a knob is shown only with the tables it changes).
 */
export const MISSION: Record<string, string[]> = {
  'file-access': ['prefetchDistanceRecords', 'logicalPageBytes'],
  'page-replacement': ['pageBytes'],
  'file-cache': ['pageBytes'],
  'file-cache?table=ufc-sdet': ['cpus'],
  hyperthreads: ['coresPerProcessor'],
  'cross-boundary': ['rpcSidePaUs'],
  'directory-search': ['pageBytes'],
};

/** The teacher's page starts a class from `lesson` (`mpe-ix?step=1`) at `url`: its code. */
export async function startClass(teacher: Page, url: string, lesson: string) {
  await teacher.goto(`${url}#/lesson/${lesson}`);
  await teacher.getByTestId('class-start').click();
  await teacher.getByTestId('class-joined').waitFor();
  const code = /#\/class\/([a-z0-9]+)\/teach/.exec(teacher.url())?.[1] ?? '';
  expect(code).toMatch(/^[a-z0-9]{10}$/);
  return code;
}

/** What the teacher's page keeps of the class it started with code `code` (its key among it). */
export async function createdClass(teacher: Page, code: string): Promise<CreatedClass> {
  const kept = await teacher.evaluate(
    (c) => localStorage.getItem(`latency-lab:class:teacher:${c}`),
    code,
  );
  return JSON.parse(kept!) as CreatedClass;
}

export const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent()) ?? '';

/**
 * Content-Security-Policy violations the page reports from now on (its console and its
 * `securitypolicyviolation` events), collected into the returned list.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(
        `${e.violatedDirective}: ${e.blockedURI}`,
      ),
    );
  });
  return violations;
}
