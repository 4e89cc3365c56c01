/**
 * Class pages offline-first: a student's page is controlled by the service worker from the
 * first visit (precached, `clients.claim()`), so a reload while the class server is down shows
 * the app's own page — "the class server is not reachable; your answers are kept…" — not the
 * browser's error; an answer sent during the outage is kept in the browser and arrives once
 * the server is back. The real class server (server/main.ts) is killed and started again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { classApi, over } from '../unit/class-helpers';
import { OFFLINE } from '../../src/views/class/useClass';
import { launchChromium } from '../../scripts/lib/browser';
import { startClassServer, type ClassServer } from '../../scripts/lib/classServer';

let server: ClassServer;
let browser: Browser;
let context: BrowserContext | undefined;

describe('class pages offline-first', () => {
  beforeAll(async () => {
    server = await startClassServer();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a reload during an outage shows the app’s page, and the kept answer arrives after', async () => {
    const created = await classApi(over(server.url)).newClass('mpe-ix');
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    context.setDefaultTimeout(120_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#/class/${created.code}`);
    await page.getByTestId('class-name').fill('Offline Olga');
    await page.getByTestId('class-join').click();
    await page.getByTestId('class-value').nth(1).waitFor();
    // The first visit's page is the worker's (claimed once the build is precached).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await server.kill();
    // An answer sent while the server is down: not saved yet, kept.
    await page.getByTestId('class-value').nth(0).fill('44');
    await page.getByTestId('class-value').nth(1).fill('55');
    await page.getByTestId('class-submit').click();
    await page.getByTestId('class-student-error').filter({ hasText: 'Not saved yet' }).waitFor();

    await page.reload();
    await page.getByTestId('class-problem').filter({ hasText: OFFLINE }).waitFor();

    // The server is back: the page finds it by itself and sends the kept answer.
    await server.start();
    await page.getByTestId('class-status').filter({ hasText: 'Saved' }).waitFor();
    const exported = await server.exportJson(created.code, created.teacherKey);
    expect(exported.answers.map((a) => [a.step, a.values])).toEqual([[1, [44, 55]]]);
    expect(errors).toEqual([]);
  });
});
