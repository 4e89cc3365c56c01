/**
 * "How well do the models predict?": reached from the site's navigation, shows one row per
 * leave-out fold with the numbers the committed scoreboard gives, opens a fold's cells from the
 * keyboard, and passes axe. Also: an unknown query on its link is not reported as a bad model link.
 */
import { describe, expect, it } from 'vitest';
import { LEAVE_OUT_FOLDS } from '../../src/papers/leave-out-data';
import { coverageCounts, isInside, summarizeFold } from '../../src/papers/leave-out';
import { blindSentences } from '../../src/compare/blindRecord';
import { summarizeTableFolds, tableFoldSentences } from '../../src/compare/tableFolds';
import { seriousAxeViolations } from './axe';
import { browserSuite } from './suite';

const suite = browserSuite();

describe('How well do the models predict?', () => {
  it('is one click from home, lists every fold with its coverage, and passes axe', async () => {
    const page = await suite.open('');
    await page.getByRole('heading', { name: 'The papers' }).waitFor();
    await page.getByRole('link', { name: 'How well do the models predict?' }).click();
    await page.getByRole('heading', { name: 'How well do the models predict?' }).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/predictions');

    const rows = page.getByTestId('leave-out-scoreboard').locator('tbody tr');
    expect(await rows.count()).toBe(LEAVE_OUT_FOLDS.length);
    for (const [i, f] of LEAVE_OUT_FOLDS.entries()) {
      const s = summarizeFold(f);
      expect(await rows.nth(i).textContent()).toContain(`${s.inside} of ${s.cells}`);
    }
    // The headline counts only folds narrow enough to inform; the others are counted apart,
    // and the total that mixes them is not the headline.
    const { informative, tooWide } = coverageCounts(LEAVE_OUT_FOLDS);
    const cells = LEAVE_OUT_FOLDS.flatMap((f) => f.cells);
    const lede = await page.locator('.lede').textContent();
    expect(lede).toContain(`${informative.inside} of ${informative.cells} held-out cells`);
    expect(lede).toContain(`${tooWide.inside} of their ${tooWide.cells} cells`);
    expect(lede).not.toContain(`${cells.filter(isInside).length} of ${cells.length} held-out`);
    expect(await page.getByTestId('predictions-caveat').textContent()).toContain('same campaign');

    // A fold opens from the keyboard and shows its cells, misses marked "outside".
    const fold = page.getByTestId('fold-cross-boundary').last();
    await fold.locator('summary').focus();
    await page.keyboard.press('Enter');
    await fold.locator('tbody tr').first().waitFor();
    const outside = LEAVE_OUT_FOLDS.filter((f) => f.model === 'cross-boundary')
      .at(-1)!
      .cells.filter((c) => !isInside(c)).length;
    expect(await fold.getByText('outside', { exact: true }).count()).toBe(outside);
    // Each cell has its naive baseline and the model's skill over it.
    expect(await fold.locator('thead').textContent()).toContain('Naive baseline');
    expect(await fold.locator('tbody tr').first().locator('td').nth(6).textContent()).toMatch(
      /^−?\d\.\d\d$/,
    );

    // The blind record: its sentences as computed from the committed record, its cells one
    // keypress away; and the file-access folds of one table out of four.
    const findings = await page.getByTestId('blind-findings').textContent();
    for (const sentence of blindSentences()) expect(findings).toContain(sentence);
    const blind = page.getByTestId('blind-cells');
    await blind.locator('summary').focus();
    await page.keyboard.press('Enter');
    await blind.locator('tbody tr').first().waitFor();
    expect(await blind.locator('tbody tr').count()).toBe(24);
    const tableFolds = await page.getByTestId('table-fold-findings').textContent();
    for (const sentence of tableFoldSentences(summarizeTableFolds(LEAVE_OUT_FOLDS)))
      expect(tableFolds).toContain(sentence);

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('opens directly from its link, with no problems banner', async () => {
    const page = await suite.open('#/predictions');
    await page.getByRole('heading', { name: 'How well do the models predict?' }).waitFor();
    expect(await page.locator('.problems').count()).toBe(0);
    // Each model name links to its page.
    await page.getByTestId('leave-out-scoreboard').getByRole('link').first().click();
    await page.locator('[data-testid^="table-"]').first().waitFor();
    expect(await page.evaluate(() => location.hash)).toMatch(/^#\/[a-z-]+\?/);
  });
});
