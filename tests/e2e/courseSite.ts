/**
 * Another site's course page, for the embed and framing tests: a server of its own on another
 * port (another origin), whose pages hold the HTML a test gives. A real server, not
 * `page.route`: Chromium refuses a page with no address of its own (a fulfilled route counts
 * as a public one) an iframe from this machine. Call `courseSite()` at a file's or describe's
 * top; it starts and stops with it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';

export interface CourseSite {
  /** Serves a course page holding `html` in its body, opens it in `page`, returns its URL. */
  open(page: Page, html: string): Promise<string>;
}

export function courseSite(): CourseSite {
  const pages = new Map<string, string>();
  let server: Server | undefined;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = pages.get(req.url ?? '');
      res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body ?? 'not found');
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));
  return {
    async open(page, html) {
      const path = `/week${pages.size + 1}.html`;
      pages.set(
        path,
        `<!doctype html><html lang="en"><head><title>Course</title></head><body><h1>Week 3: prefetch</h1>${html}</body></html>`,
      );
      await page.goto(base + path);
      return base + path;
    },
  };
}
