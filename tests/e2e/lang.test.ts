/**
 * The page in Spanish (issue #35): `lang=es` in the link gives `<html lang="es">` and the
 * Spanish catalogue; the switch in the header changes language in place, on the same page, by
 * keyboard too; the choice is remembered, so a link without `lang` opened later is Spanish and
 * its address gains `lang=es`; the links the app writes carry it; axe finds nothing on the
 * Spanish home. Every wait is for a state.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PAPERS } from '../../src/papers/papers';
import { seriousAxeViolations } from './axe';
import { browserSuite, tablesShowCurrentUrl } from './suite';

const suite = browserSuite();

const htmlLang = (page: Page, lang: string) =>
  page.waitForFunction((l) => document.documentElement.lang === l, lang);

const htmlLangNow = (page: Page) => page.evaluate(() => document.documentElement.lang);

const heading = (page: Page, text: string) =>
  page.locator('#models-heading', { hasText: text }).waitFor();

describe('the page in Spanish', () => {
  it('opens Spanish from the link, switches on the same page, and remembers', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/?lang=es`);
    await htmlLang(page, 'es');
    await heading(page, 'Los modelos');
    await page.locator('#papers-heading', { hasText: 'Los artículos' }).waitFor();
    expect(await page.locator('.skip-link').textContent()).toBe('Saltar al contenido');
    expect(await page.locator('.site-nav').textContent()).toContain('Lecciones');
    // The links the app writes carry the language.
    const hrefs = await page
      .locator('.model-card, .site-nav a, .brand')
      .evaluateAll((els) => els.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(5);
    for (const href of hrefs) expect(href).toMatch(/[?&]lang=es$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No English left on the page, but the papers' titles and authors (names).
    const names = PAPERS.flatMap((p) => [p.title, p.authors]);
    const words = await page.evaluate((allowed) => {
      let text = document.body.innerText;
      for (const n of allowed) text = text.replaceAll(n, ' ');
      return text.match(/\b(the|and|of|with|from|for|is|are|by|this|to|your|page|pages)\b/gi) ?? [];
    }, names);
    expect(words).toEqual([]);

    // The switch, by keyboard: English on the same page, focus kept on the switch.
    const english = page.getByTestId('lang-en');
    const box = await english.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await english.focus();
    await page.keyboard.press('Enter');
    await htmlLang(page, 'en');
    await heading(page, 'The models');
    expect(await page.evaluate(() => location.hash)).toBe('#/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'lang-en',
    );

    // Back to Spanish with the pointer, then a reload keeps it.
    await page.getByTestId('lang-es').click();
    await heading(page, 'Los modelos');
    expect(await page.evaluate(() => location.hash)).toBe('#/?lang=es');
    await page.reload();
    await htmlLang(page, 'es');
    await heading(page, 'Los modelos');

    // Remembered: a link without lang, opened later in this browser, is Spanish, and its
    // address says so (a copy of it reproduces the page).
    await page.goto(`${suite.url}#/lessons`);
    await page.locator('h1', { hasText: 'Lecciones' }).waitFor();
    await page.waitForFunction(() => location.hash === '#/lessons?lang=es');
    // Switching keeps the page.
    await page.getByTestId('lang-en').click();
    await page.locator('h1', { hasText: 'Lessons' }).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/lessons');
    await page.close();
  });

  it('a link without lang is English for a visitor who never chose', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/lessons`);
    await page.locator('h1', { hasText: 'Lessons' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.close();
  });

  it('keeps lang=es on a model page: a slider step writes it, the tables are that link', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}#/file-access?lang=es`);
    await htmlLang(page, 'es');
    await page.locator('[data-testid=results][data-status=ready]').waitFor();
    const slider = page.locator('input[type=range]').first();
    await slider.focus();
    await slider.press('ArrowRight');
    // The address the page writes for the step ends in lang=es, and the tables are its.
    await page.waitForFunction(() => /[?&]v=\d+&lang=es$/.test(location.hash));
    await tablesShowCurrentUrl(page);
    expect(await htmlLangNow(page)).toBe('es');
    expect(await page.locator('.brand').getAttribute('href')).toBe('#/?lang=es');
    await page.close();
  });
});
