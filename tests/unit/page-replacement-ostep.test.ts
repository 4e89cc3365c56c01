/**
 * The correctness standard of issue 5: FIFO, LRU and OPT hits and misses equal those of OSTEP's
 * paging-policy.py (-c mode) on the same strings and cache sizes. The expected numbers were
 * produced once by running that script (see the fixture's `about`); each case goes through
 * the app's own path — a permalink with `refs=` and the memory of that many 4 KB frames
 * (`memoryKB=`) — to the replacement table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { pageReplacementModel } from '../../src/models/page-replacement';
import { parsePermalink } from '../../src/scenario';

interface Case {
  refs: string;
  frames: number;
  policy: 'FIFO' | 'LRU' | 'OPT';
  hits: number;
  misses: number;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/ostep-paging-policy.json', import.meta.url), 'utf8'),
) as { about: string; cases: Case[] };

describe('page replacement agrees with OSTEP’s paging-policy.py -c', () => {
  const model = pageReplacementModel;

  it(`on all ${fixture.cases.length} recorded cases`, () => {
    expect(fixture.cases.length).toBe(450);
    const wrong: string[] = [];
    for (const c of fixture.cases) {
      const { scenario, problems } = parsePermalink(
        `#/page-replacement?refs=${c.refs}&pageBytes=4096&memoryKB=${c.frames * 4}`,
      );
      expect(problems).toEqual([]);
      const table = evaluateTables(model, scenario!.params).tables.find(
        (t) => t.id === 'replacement',
      )!;
      const row = table.rows.find((r) => r.label === c.policy)!;
      if (row.model.hits !== c.hits || row.model.misses !== c.misses)
        wrong.push(
          `${c.policy} refs=${c.refs} frames=${c.frames}: model ${row.model.hits}/${row.model.misses}, OSTEP ${c.hits}/${c.misses}`,
        );
    }
    expect(wrong).toEqual([]);
  });
});
