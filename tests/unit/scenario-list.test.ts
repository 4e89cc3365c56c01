/** The `list` parameter kind: links like `refs=3,1,4,1,5`, parsed, validated and written back. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { pageReplacementModel } from '../../src/models/page-replacement';
import type { ListParamSpec, ModelDefinition } from '../../src/models/types';
import { defineInfo, defineModel } from '../../src/models/define';
import {
  MAX_LINK_CHARS,
  parsePermalink,
  readListText,
  serializeScenario,
} from '../../src/scenario';

const refs: ListParamSpec = {
  key: 'refs',
  kind: 'list',
  label: 'Refs',
  unit: '',
  group: 'g',
  itemMin: 0,
  itemMax: 999,
  maxItems: 8,
  default: '',
};
const standIn: ModelDefinition = defineModel(
  defineInfo({
    id: 'lists',
    version: 1,
    title: 't',
    paper: 'p',
    summary: 's',
    params: [refs],
    presets: [],
  }),
  { tables: () => [], charts: () => [] },
);
const parse = (q: string) => parsePermalink(`#/lists?${q}`, [standIn]);

describe('list parameters', () => {
  it('round-trips any valid list, and the link keeps its commas readable', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 8 }), (xs) => {
        const scenario = { modelId: 'lists', params: { refs: xs.join(',') }, version: 1 };
        const link = serializeScenario(scenario, [standIn]);
        expect(link).toBe(`/#/lists?refs=${xs.join(',')}&v=1`);
        expect(parsePermalink(link, [standIn])).toEqual({ scenario, problems: [] });
      }),
      { seed: 11, numRuns: 200 },
    );
  });

  it('accepts spaces around commas and writes the canonical form', () => {
    const r = parse('refs=3,%201%20,4');
    expect(r.problems).toEqual([]);
    expect(r.scenario!.params.refs).toBe('3,1,4');
    expect(readListText(refs, ' 007, 1')).toEqual({ ok: true, value: '7,1' });
  });

  it.each([
    ['refs=1,x', 'is not a comma-separated list of whole numbers'],
    ['refs=1,,2', 'is not a comma-separated list of whole numbers'],
    ['refs=-1', 'is not a comma-separated list of whole numbers'],
    ['refs=1,2,3,4,5,6,7,8,9', 'has 9 items (at most 8)'],
    ['refs=1,5000', 'item 2 (5000) is out of range'],
    [`refs=${'1,'.repeat(40)}1`, 'characters long (at most 64)'],
  ])(
    '%s is reported, naming the parameter and what is allowed, and the default is used',
    (q, why) => {
      const r = parse(q);
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]!.param).toBe('refs');
      expect(r.problems[0]!.message).toContain(why);
      expect(r.problems[0]!.message).toContain('up to 8 comma-separated whole numbers, each 0–999');
      expect(r.scenario!.params.refs).toBe('');
    },
  );
});

describe('page-replacement with an explicit string (refs=…)', () => {
  const model = pageReplacementModel;
  const misses = (link: string, policy: string) => {
    const { scenario, problems } = parsePermalink(link);
    expect(problems).toEqual([]);
    const t = evaluateTables(model, scenario!.params).tables.find((x) => x.id === 'replacement')!;
    return t.rows.find((r) => r.label === policy)!.model.misses;
  };
  const belady = 'refs=1,2,3,4,1,2,5,1,2,3,4,5';

  it('Belady’s anomaly from a hand-written link: FIFO misses 9 with 3 frames (12 KB) and 10 with 4', () => {
    expect(misses(`#/page-replacement?${belady}&memoryKB=12`, 'FIFO')).toBe(9);
    expect(misses(`#/page-replacement?${belady}&memoryKB=16`, 'FIFO')).toBe(10);
    expect(misses(`#/page-replacement?${belady}&memoryKB=12`, 'OPT')).toBe(7);
  });

  it('the explicit string replaces the generated one', () => {
    const generated = misses('#/page-replacement?memoryKB=12', 'LRU');
    expect(misses('#/page-replacement?refs=5,5,5,5&memoryKB=12', 'LRU')).toBe(1);
    expect(generated).toBeGreaterThan(1);
  });
});

describe('a long list value that is no list of numbers says so', () => {
  it('5,000 characters of letters: "not a list of whole numbers", not "cut off" or "too long"', () => {
    for (const tail of [
      'abc,'.repeat(1250),
      `${'x'.repeat(300)}`,
      '%3Cb%3Ebold%3C%2Fb%3E,'.repeat(200),
    ]) {
      const r = parsePermalink(`#/page-replacement?refs=${tail}`);
      const refs = r.problems.find((p) => p.param === 'refs');
      expect(refs?.message).toContain('is not a comma-separated list of whole numbers');
      expect(refs?.message).not.toMatch(/cut off|characters long/);
      expect(r.scenario?.params.refs).toBe('');
    }
  });

  it('a long list of numbers is still reported by its length', () => {
    const r = parsePermalink(`#/page-replacement?refs=${'1,'.repeat(MAX_LINK_CHARS / 2)}1`);
    const refs = r.problems.find((p) => p.param === 'refs');
    expect(refs?.message).toMatch(/cut off|characters long/);
  });
});
