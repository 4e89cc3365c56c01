/**
 * A link saved before a model-version bump: it opens, says the model changed, and shows what
 * the old version produced for it (public/recorded/, from that version's own CLI) beside what
 * the model gives now. Once a parameter changes, the link is the new version's and the note goes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/format';
import { ROOT } from '../../scripts/lib/browser';
import type { RecordedVersion } from '../../src/views/VersionChange';
import { browserSuite, text } from './suite';

const suite = browserSuite();

// File access is at version 3 (issue #20's disc); v2 is the last recorded before it.
const recorded = JSON.parse(
  readFileSync(`${ROOT}public/recorded/file-access-v2.json`, 'utf8'),
) as RecordedVersion;

describe('links made with an older model version', () => {
  it('the v2 Postscript link opens, says the model changed, and shows v2’s value beside v3’s', async () => {
    const record = recorded.records.find((r) => r.preset === 'mpe-sl-postscript')!;
    expect(record.link).toContain('v=2');
    const page = await suite.open(`${record.link.slice(1)}`);
    const note = page.getByTestId('version-change');
    await note
      .getByRole('heading', { name: 'The model changed since this link was made' })
      .waitFor();
    expect(await note.textContent()).toContain('made with version 2');
    // The problems banner says it too, in words.
    expect(await page.locator('.problems').textContent()).toContain('link made by version 2');

    const diff = page.getByTestId('version-diff-mpe-sl-postscript');
    // A table whose every cell is unchanged is folded under "Unchanged: …": open it if so.
    // Wait for the note's tables to render (either one) before deciding.
    const folded = note.locator('summary', { hasText: 'Unchanged:' });
    await diff.or(folded.first()).first().waitFor({ state: 'attached' });
    if (!(await diff.isVisible())) await folded.first().click();
    await diff.waitFor();
    const row = diff.locator('tbody tr', { hasText: 'Memory Mapped & FreadSeek' });
    const v2 = record.tables[0]!.rows.find((r) => r.label === 'Memory Mapped & FreadSeek')!.values
      .elapsed_ms!;
    expect(await row.locator('td[data-version="2"]').nth(1).textContent()).toBe(formatValue(v2));
    // The v3 value beside it is the one in the page's own table.
    const v3 = await row.locator('td[data-version="3"]').nth(1).textContent();
    expect(v3).toMatch(/\d/);
    expect(await text(page, 'table-mpe-sl-postscript')).toContain(v3!);
    expect(await page.getByTestId('version-summary').textContent()).toMatch(
      /^\d+ cells are the same, \d+ changed/,
    );

    // A parameter change makes it a version-3 link: the note goes.
    await page.evaluate(() => {
      location.hash = location.hash.replace('seed=1', 'seed=2').replace('v=2', 'v=3');
    });
    await note.waitFor({ state: 'detached' });
  });

  it('a file-cache v1 link: the benchmark cells v1 left to the paper are computed now', async () => {
    const fc = JSON.parse(
      readFileSync(`${ROOT}public/recorded/file-cache-v1.json`, 'utf8'),
    ) as RecordedVersion;
    const record = fc.records.find((r) => r.preset === 'ufc-sdet')!;
    const page = await suite.open(`${record.link.slice(1)}`);
    const diff = page.getByTestId('version-diff-ufc-sdet');
    await diff.waitFor();
    const row = diff.locator('tbody tr', { hasText: 'IA 8-way' });
    // v1 printed the paper's change (%) and computed nothing; now (v3) the v3 ÷ v2 ratio is.
    const v1Cells = await row.locator('td[data-version="1"]').allTextContents();
    const nowCells = await row.locator('td[data-version="3"]').allTextContents();
    expect(v1Cells.every((t) => t === '—')).toBe(true);
    expect(nowCells.some((t) => /\d/.test(t))).toBe(true);
    expect(await page.getByTestId('version-summary').textContent()).toMatch(
      /computed by version 3 where version 1 gave none/,
    );
  });

  it('a v1 link with no recorded numbers says so', async () => {
    const page = await suite.open('#/file-access?table=mpe-sl-seq&records=1000&v=1');
    const note = page.getByTestId('version-change');
    await note.getByText('not for this exact link').waitFor();
  });

  it('a page-replacement v1 link (memory in frames) opens with the note and v1’s numbers', async () => {
    const v1 = JSON.parse(
      readFileSync(`${ROOT}public/recorded/page-replacement-v1.json`, 'utf8'),
    ) as RecordedVersion;
    const record = v1.records.find((r) => r.preset === 'replacement-zipf')!;
    expect(record.link).toMatch(/frames=200&.*v=1$/);
    const page = await suite.open(`${record.link.slice(1)}`);
    const note = page.getByTestId('version-change');
    await note
      .getByRole('heading', { name: 'The model changed since this link was made' })
      .waitFor();
    expect(await note.textContent()).toContain('made with version 1');
    // Migrated to the same bytes (the same 200 frames). v3 draws the Zipf string anew (issue
    // 33), so v1's own numbers are shown beside today's in the note's table.
    const fifo = record.tables[0]!.rows.find((r) => r.label === 'FIFO')!.values.elapsed_ms!;
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid=table-replacement]')
        ?.textContent?.includes('800 KB = 200 frames of 4 KB'),
    );
    await page.getByTestId('version-diff-replacement').waitFor();
    expect(await text(page, 'version-diff-replacement')).toContain(formatValue(fifo));
    expect(await text(page, 'table-replacement')).toContain('800 KB = 200 frames of 4 KB');
  });
});
