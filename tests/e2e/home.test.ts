/**
 * A home page that starts (issue #35): one picture per model (its headline chart, drawn from
 * the model's chart data), a "Start here" lesson link before the models, the five papers
 * named; on a 390×844 phone a model's link and "Start here" on the first screen, hit-testing
 * to themselves; in projector mode, which has no site header, the home page reaches Lessons
 * and leaves projector mode. Every wait is for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MODEL_INFOS } from '../../src/models/registry';
import { PAPERS } from '../../src/papers/papers';
import { browserSuite } from './suite';

const suite = browserSuite();

/** Whether the element's centre is inside the window and hit-tests to it (nothing covers it). */
const onFirstScreen = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
      const hit = document.elementFromPoint(x, y);
      return !!hit && el.contains(hit);
    });

describe('the home page', () => {
  it('has a picture per model, drawn from its chart, Start here first, the five papers named', async () => {
    const page = await suite.newPage([], { viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.url}#/`);
    await page.locator('.model-card').first().waitFor();
    const cards = await page.locator('.model-card').evaluateAll((els) =>
      els.map((a) => ({
        href: a.getAttribute('href') ?? '',
        lines: [...a.querySelectorAll('svg.home-picture path')].map((p) => p.getAttribute('d')),
      })),
    );
    expect(cards.map((c) => c.href.split('?')[0])).toEqual(MODEL_INFOS.map((m) => `#/${m.id}`));
    for (const c of cards) {
      expect(c.lines.length, c.href).toBeGreaterThan(0);
      for (const d of c.lines) expect(d, c.href).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+$/);
    }
    // "Start here" comes before the models, and opens a lesson.
    const order = await page.evaluate(() => {
      const start = document.querySelector('[data-testid=start-here]');
      const card = document.querySelector('.model-card');
      return !!start && !!card && !!(start.compareDocumentPosition(card) & 4); // card FOLLOWING
    });
    expect(order, 'Start here before the models').toBe(true);
    await page.getByTestId('start-here').click();
    await page.waitForFunction(() => location.hash.startsWith('#/lesson/'));
    await page.goBack();
    await page.locator('.model-card').first().waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    for (const p of PAPERS) expect(text).toContain(p.title);
    expect(PAPERS.length).toBe(5);
    await page.close();
  });

  it('on a 390×844 phone shows Start here and a model on its first screen', async () => {
    const page = await suite.newPage([], { viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.url}#/`);
    await page.locator('.model-card svg.home-picture').first().waitFor();
    expect(await onFirstScreen(page, '[data-testid=start-here]')).toBe(true);
    expect(await onFirstScreen(page, '.model-card .model-card-title')).toBe(true);
    // The link goes to the model's page.
    await page.locator('.model-card').first().click();
    await page.locator('[data-testid=results][data-status=ready]').waitFor();
    await page.close();
  });

  it('in projector mode reaches Lessons, and leaves projector mode', async () => {
    const page = await suite.newPage([], { viewport: { width: 1024, height: 768 } });
    await page.goto(`${suite.url}#/?view=projector`);
    await page.waitForFunction(() => document.documentElement.classList.contains('projector'));
    const nav = page.getByTestId('home-projector-nav');
    expect(await onFirstScreen(page, '[data-testid=home-projector-nav]')).toBe(true);
    await nav.getByRole('link', { name: 'Lessons' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/lessons'));
    // Still projected: the lessons' page keeps the view.
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('projector')),
    ).toBe(true);
    await page.goBack();
    await nav.getByRole('link', { name: 'Leave projector mode' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('projector'));
    await page.locator('.site-head').waitFor();
    await page.close();
  });
});
