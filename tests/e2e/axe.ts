/**
 * axe-core in a page: the serious and critical violations inside `selector` (the whole
 * document by default), one line each. Evaluated rather than added as a <script>: the built
 * page's CSP refuses inline scripts.
 */
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { ROOT } from '../../scripts/lib/browser';

export async function seriousAxeViolations(
  page: Page | Frame,
  selector = 'html',
): Promise<string[]> {
  await page.evaluate(readFileSync(`${ROOT}node_modules/axe-core/axe.min.js`, 'utf8'));
  return page.evaluate(async (sel) => {
    interface AxeResults {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Element) => Promise<AxeResults> } }).axe;
    const result = await axe.run(document.querySelector(sel)!);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, selector);
}
