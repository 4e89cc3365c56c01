import fc from 'fast-check';
import { expectAllValid, validFor } from './scenario-valid';
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import { MODEL_INFOS } from '../../src/models/registry';
import type {
  ModelInfo,
  NumberParamSpec,
  ParamSpec,
  ParamValue,
  ParamValues,
} from '../../src/models/types';
import {
  MAX_LINK_CHARS,
  MAX_PROBLEMS,
  VERSION_KEY,
  defaultScenario,
  formatRange,
  migrate,
  parsePermalink,
  paramsDifferingFromPreset,
  presetParams,
  presetScenario,
  serializeScenario,
  type Problem,
  type Scenario,
} from '../../src/scenario';

const fa = fileAccessModel;

function spec(model: ModelInfo, key: string): ParamSpec {
  const s = model.params.find((p) => p.key === key);
  if (!s) throw new Error(`no param ${key}`);
  return s;
}

function numberSpec(model: ModelInfo, key: string): NumberParamSpec {
  const s = spec(model, key);
  if (s.kind !== 'number') throw new Error(`${key} is not a number param`);
  return s;
}

const preset = (id: string) => presetScenario(fa, id).params;

// ------------------------------------------------------------------ arbitraries

const INT32 = 0x7fffffff;

function arbValue(s: ParamSpec): fc.Arbitrary<ParamValue> {
  if (s.kind === 'enum') return fc.constantFrom(...s.options.map((o) => o.value));
  if (s.kind === 'list')
    return fc
      .array(fc.integer({ min: s.itemMin, max: s.itemMax }), { maxLength: s.maxItems })
      .map((xs) => xs.join(','));
  if (s.integer) {
    const min = Math.ceil(s.min);
    const max = Math.floor(s.max);
    if (min >= -INT32 - 1 && max <= INT32) return fc.integer({ min, max });
    return fc
      .double({ min, max, noNaN: true })
      .map((x) => Math.min(max, Math.max(min, Math.round(x))));
  }
  // -0 and 0 are the same value in a link (String(-0) is "0"): generate 0 for both.
  return fc.double({ min: s.min, max: s.max, noNaN: true }).map((x) => (x === 0 ? 0 : x));
}

function arbScenario(model: ModelInfo): fc.Arbitrary<Scenario> {
  return fc.tuple(...model.params.map(arbValue)).map((values) => {
    const params: ParamValues = {};
    model.params.forEach((s, i) => {
      params[s.key] = values[i] as ParamValue;
    });
    return { modelId: model.id, params, version: model.version };
  });
}

function oneLine(problems: Problem[]): void {
  for (const p of problems) {
    expect(p.message.length).toBeGreaterThan(0);
    expect(p.message).not.toMatch(/[\r\n\u2028\u2029]/);
  }
}

/** Bits of links: real keys, junk keys, numbers in every notation, percent fragments. */
const arbQueryGarbage = (model: ModelInfo) => {
  const key = fc.oneof(
    fc.constantFrom(...model.params.map((s) => s.key), VERSION_KEY, '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.double().map(String),
    fc.integer().map(String),
    fc.constantFrom(
      '',
      '%',
      '%E0%A4%A',
      '%zz',
      '0x10',
      'Infinity',
      '-0',
      '1e99',
      '%20',
      '+',
      'NaN',
    ),
    fc.constantFrom(
      ...model.params.flatMap((s) => (s.kind === 'enum' ? s.options.map((o) => o.value) : [])),
    ),
  );
  const pair = fc.oneof(
    fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
    key,
    fc.tuple(key, value).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
  );
  return fc
    .tuple(
      fc.constantFrom('#/', '/#/', 'http://127.0.0.1:5173/app/#/'),
      fc.array(pair, { maxLength: 12 }),
      fc.constantFrom('&', '&&', '=', '?'),
    )
    .map(([prefix, pairs, sep]) => `${prefix}${model.id}?${pairs.join(sep === '=' ? '&' : sep)}`);
};

// ------------------------------------------------------------------ properties

describe('permalink round trip', () => {
  for (const model of MODEL_INFOS) {
    it(
      `${model.id}: parse(serialize(s)) is s, with no problems, for any valid scenario`,
      { timeout: 240_000 },
      () => {
        fc.assert(
          fc.property(
            arbScenario(model),
            fc.constantFrom('', 'http://localhost:5173/x/'),
            (s, host) => {
              const link = serializeScenario(s);
              const back = parsePermalink(host + link);
              expect(back.problems).toEqual([]);
              expect(back.scenario).toEqual(s);
              // Also through `#/…` and with the parameters shuffled by hand.
              expect(parsePermalink(link.slice(1)).scenario).toEqual(s);
            },
          ),
          { numRuns: 300 },
        );
      },
    );

    it(`${model.id}: a serialized link lists every declared param in order, then v`, () => {
      const s = defaultScenario(model);
      const link = serializeScenario(s);
      expect(link.startsWith(`/#/${model.id}?`)).toBe(true);
      const keys = link
        .slice(link.indexOf('?') + 1)
        .split('&')
        .map((p) => p.split('=')[0]);
      expect(keys).toEqual([...model.params.map((p) => p.key), VERSION_KEY]);
      expect(link.endsWith(`&v=${model.version}`)).toBe(true);
    });
  }

  it('writes numbers with String(n) and encodes values', () => {
    const s = presetScenario(fa, 'mpe-sl-seq');
    const link = serializeScenario({ ...s, params: { ...s.params, cpuMoveUsPerByte: 1e-7 } });
    expect(link).toContain('&cpuMoveUsPerByte=1e-7&');
    expect(parsePermalink(link).scenario?.params['cpuMoveUsPerByte']).toBe(1e-7);
    const weird: ModelInfo = {
      ...fa,
      id: 'weird',
      params: [
        {
          ...spec(fa, 'table'),
          options: [{ value: 'a b&c=d#e%', label: 'x' }],
          default: 'a b&c=d#e%',
        },
      ] as ParamSpec[],
      presets: [],
      presetParam: undefined,
    };
    const ws: Scenario = {
      modelId: 'weird',
      params: { table: 'a b&c=d#e%' },
      version: weird.version,
    };
    const wlink = serializeScenario(ws, [weird]);
    expect(wlink).toBe(`/#/weird?table=a%20b%26c%3Dd%23e%25&v=${weird.version}`);
    expect(parsePermalink(wlink, [weird])).toEqual({ scenario: ws, problems: [] });
  });

  it('fills params a scenario lacks, as a link that omits them would', () => {
    const link = serializeScenario({
      modelId: fa.id,
      params: { table: 'mpe-catalog-resident' },
      version: fa.version,
    });
    expect(parsePermalink(link).scenario?.params).toEqual(preset('mpe-catalog-resident'));
  });
});

describe('parsePermalink never throws', () => {
  it(
    'on arbitrary strings: null, or a scenario whose every param is valid',
    { timeout: 240_000 },
    () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
          (text) => {
            for (const input of [
              text,
              `#/${text}`,
              `#/file-access?${text}`,
              `/#/file-access?records=${text}`,
            ]) {
              const r = parsePermalink(input);
              if (r.scenario) expectAllValid(fa, r.scenario.params);
              oneLine(r.problems);
            }
          },
        ),
        { numRuns: 500 },
      );
    },
  );

  for (const model of MODEL_INFOS) {
    it(
      `${model.id}: on query-string garbage, every param stays valid`,
      { timeout: 240_000 },
      () => {
        fc.assert(
          fc.property(arbQueryGarbage(model), (link) => {
            const r = parsePermalink(link);
            expect(r.scenario).not.toBeNull();
            if (!r.scenario) return;
            expectAllValid(model, r.scenario.params);
            expect(r.scenario.version).toBe(model.version);
            expect(r.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
            oneLine(r.problems);
            // A link that parses cleanly serializes back to a link giving the same scenario.
            const again = parsePermalink(serializeScenario(r.scenario));
            expect(again).toEqual({ scenario: r.scenario, problems: [] });
          }),
          { numRuns: 500 },
        );
      },
    );
  }

  it(
    'each value in a link is either taken as written or reported and replaced',
    { timeout: 240_000 },
    () => {
      const keys: string[] = fa.params.map((p) => p.key);
      const values = fc.oneof(
        fc.constantFrom(...fa.presets.map((p) => p.id), 'nope', '', '0x1f', '1e99', '-0', ' 7 '),
        fc.integer({ min: -10, max: 3_000_000 }).map(String),
        fc.double({ noNaN: false }).map(String),
        fc.string({ maxLength: 6 }),
      );
      const pair = fc.tuple(
        fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 6 })),
        values,
      );
      fc.assert(
        fc.property(fc.array(pair, { maxLength: 10 }), (pairs) => {
          const link = `#/file-access?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
          const r = parsePermalink(link);
          const params = r.scenario?.params;
          expect(params).toBeDefined();
          if (!params) return;
          const first = new Map<string, string>();
          const count = new Map<string, number>();
          for (const [k, v] of pairs) {
            if (!first.has(k)) first.set(k, v);
            count.set(k, (count.get(k) ?? 0) + 1);
          }
          const base = presetParams(fa, String(params['table']));
          const reported = (k: string) => r.problems.some((p) => p.param === k);
          for (const s of fa.params) {
            const text = first.get(s.key);
            const value = params[s.key];
            const fallback = s.key === 'table' ? s.default : base[s.key];
            if (text === undefined) expect(value, s.key).toBe(fallback);
            else if (reported(s.key) && (count.get(s.key) ?? 0) === 1) {
              expect(value, s.key).toBe(fallback);
            } else if (!reported(s.key)) {
              expect(value, s.key).toBe(s.kind === 'enum' ? text : Number(text) + 0);
            }
          }
          for (const [k, n] of count) {
            if (k === '' || k === VERSION_KEY) continue;
            if (!keys.includes(k) || n > 1) expect(reported(k), k).toBe(true);
          }
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('does not hang on a huge input', { timeout: 240_000 }, () => {
    const huge = `#/file-access?${'records=1&x%zz=%E0%A4%A&'.repeat(200_000)}`;
    const r = parsePermalink(huge);
    expect(r.scenario).not.toBeNull();
    expect(r.problems[0]?.message).toContain(`first ${MAX_LINK_CHARS.toLocaleString('en-US')}`);
  });
});

// ------------------------------------------------------------------ specific bad links

interface BadCase {
  name: string;
  link: string;
  param: string;
  /** Each must appear in the problem's message. */
  says: string[];
  /** The param's value after parsing. */
  expected: ParamValue;
}

const records = numberSpec(fa, 'records');
const recordsRange = formatRange(records);
const SL = preset('mpe-sl-seq');
const CAT = preset('mpe-catalog-resident');
const NL = preset('mpe-nl-seq');

/** A bad `records`: the problem names it, and it falls back to the preset's (SL unless said). */
const recordsCase = (
  name: string,
  link: string,
  says: string[],
  expected: ParamValue = SL['records']!,
): BadCase => ({ name, link, param: 'records', says, expected });

const badCases: BadCase[] = [
  recordsCase('not a number', '/#/file-access?records=abc', [
    '"abc"',
    'not a number',
    recordsRange,
    'using 89,867',
  ]),
  // The fallback is the value of the preset the link's table names, not the declared default.
  recordsCase(
    'not a number, other preset',
    '#/file-access?table=mpe-catalog-resident&records=abc',
    ['"abc"', recordsRange, 'using 7,040'],
    CAT['records']!,
  ),
  recordsCase('overflowing number', '#/file-access?records=1e99', [
    '"1e99"',
    'out of range',
    recordsRange,
  ]),
  recordsCase(
    'below the minimum',
    '#/file-access?table=mpe-nl-seq&records=-5',
    ['"-5"', 'out of range', recordsRange],
    NL['records']!,
  ),
  recordsCase('above the maximum, not clamped', '#/file-access?records=2000001', [
    '"2000001"',
    'out of range',
  ]),
  recordsCase('fraction for an integer', '#/file-access?records=1.5', [
    '"1.5"',
    'whole number',
    recordsRange,
  ]),
  recordsCase('hex', '#/file-access?records=0x10', ['"0x10"', 'hexadecimal', recordsRange]),
  {
    name: 'Infinity',
    link: '#/file-access?discSeekMs=Infinity',
    param: 'discSeekMs',
    says: ['"Infinity"', formatRange(numberSpec(fa, 'discSeekMs'))],
    expected: SL['discSeekMs']!,
  },
  {
    name: 'NaN',
    link: '#/file-access?residentPct=NaN',
    param: 'residentPct',
    says: ['"NaN"', '0–100%'],
    expected: SL['residentPct']!,
  },
  recordsCase('empty value', '#/file-access?records=', ['empty', recordsRange]),
  recordsCase('key without value', '#/file-access?records', ['empty', recordsRange]),
  {
    name: 'option not offered',
    link: '#/file-access?table=nope',
    param: 'table',
    says: ['"nope"', ...fa.presets.map((p) => p.id), `using ${spec(fa, 'table').default}`],
    expected: spec(fa, 'table').default,
  },
  {
    name: 'repeated key: first wins',
    link: '#/file-access?records=100&records=200',
    param: 'records',
    says: ['2 times', 'first'],
    expected: 100,
  },
  recordsCase('malformed percent-encoding', '#/file-access?records=%E0%A4%A', [
    '%E0%A4%A',
    'percent-encoding',
    recordsRange,
  ]),
  recordsCase('value longer than 64 characters', `#/file-access?records=${'1'.repeat(65)}`, [
    '65 characters',
    recordsRange,
  ]),
  recordsCase(
    'a 10,000-character value',
    `#/file-access?table=mpe-nl-seq&records=${'1'.repeat(10_000)}`,
    ['10,000 characters', recordsRange, 'using 64,275'],
    NL['records']!,
  ),
  recordsCase(
    'a link longer than MAX_LINK_CHARS',
    `#/file-access?table=mpe-nl-seq&records=${'1'.repeat(MAX_LINK_CHARS)}`,
    ['cut', recordsRange, 'using 64,275'],
    NL['records']!,
  ),
  {
    name: 'unknown param',
    link: '#/file-access?recods=5',
    param: 'recods',
    says: ['recods', 'not a parameter', 'records'],
    expected: SL['records']!,
  },
];

describe('bad links: a problem naming the param, and the expected fallback', () => {
  for (const c of badCases) {
    it(c.name, () => {
      const r = parsePermalink(c.link);
      const problem = r.problems.find((p) => p.param === c.param);
      expect(problem, JSON.stringify(r.problems)).toBeDefined();
      expect(problem?.message.startsWith(`${c.param}:`)).toBe(true);
      for (const s of c.says) expect(problem?.message).toContain(s);
      expect(r.scenario).not.toBeNull();
      if (!r.scenario) return;
      const key = c.param === 'recods' ? 'records' : c.param;
      expect(r.scenario.params[key]).toEqual(c.expected);
      expectAllValid(fa, r.scenario.params);
      oneLine(r.problems);
    });
  }

  it('reports each bad param once, and keeps the good ones', () => {
    const r = parsePermalink('#/file-access?records=abc&recordBytes=1000&seed=-1&x=1');
    expect(r.problems.map((p) => p.param)).toEqual(['records', 'seed', 'x']);
    expect(r.scenario?.params['recordBytes']).toBe(1000);
  });

  it('a link longer than MAX_LINK_CHARS also says how long it was', () => {
    const r = parsePermalink(`#/file-access?records=${'1'.repeat(MAX_LINK_CHARS)}`);
    const length = (MAX_LINK_CHARS + 22).toLocaleString('en-US');
    expect(r.problems[0]).toMatchObject({
      param: null,
      message: expect.stringContaining(`${length} characters`),
    });
  });

  it('caps the list of problems', () => {
    const link = `#/file-access?${Array.from({ length: 100 }, (_, i) => `k${i}=1`).join('&')}`;
    const r = parsePermalink(link);
    expect(r.problems).toHaveLength(MAX_PROBLEMS);
    expect(r.problems.at(-1)?.message).toContain(`${100 - MAX_PROBLEMS + 1} more`);
  });
});

describe('versions', () => {
  it('v missing: current version, no problem', () => {
    const r = parsePermalink('#/file-access?records=1000');
    expect(r.problems).toEqual([]);
    expect(r.scenario?.version).toBe(fa.version);
  });

  it('a future v is reported, and the link still evaluated', () => {
    const r = parsePermalink('#/file-access?records=1000&v=99');
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.param).toBe('v');
    expect(r.problems[0]?.message).toContain('version 99');
    expect(r.problems[0]?.message).toContain(`showing with version ${fa.version}`);
    expect(r.scenario?.params['records']).toBe(1000);
    expect(r.scenario?.version).toBe(fa.version);
  });

  for (const bad of ['abc', '0', '1.0', '-1', '']) {
    it(`v=${bad} is reported, and the link still evaluated`, () => {
      const r = parsePermalink(`#/file-access?records=1000&v=${bad}`);
      expect(r.problems.map((p) => p.param)).toEqual(['v']);
      expect(r.problems[0]?.message).toContain(`version ${fa.version}`);
      expect(r.scenario?.params['records']).toBe(1000);
    });
  }

  it('an older v goes through migrate, with a notice that results may differ', () => {
    // A stand-in model at version 3 (file-access is still at its first version).
    const v3: ModelInfo = { ...fa, id: 'stand-in', version: 3 };
    const r = parsePermalink('#/stand-in?records=1000&v=2', [v3]);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.param).toBe('v');
    expect(r.problems[0]?.message).toMatch(/version 2.*version 3.*may differ/);
    expect(r.scenario).toEqual({
      modelId: 'stand-in',
      params: { ...SL, records: 1000 },
      version: 3,
    });
    expect(parsePermalink('#/stand-in?v=3', [v3]).problems).toEqual([]);
  });

  it('migrate is the identity where no migration is declared, and copies', () => {
    const raw = new Map([
      ['records', '12'],
      ['x', 'y'],
    ]);
    const out = migrate('file-access', 1, raw, 5);
    expect(out).toEqual(raw);
    expect(out).not.toBe(raw);
  });

  it('no model declares the reserved key v', () => {
    for (const model of MODEL_INFOS)
      expect(model.params.map((p) => p.key)).not.toContain(VERSION_KEY);
  });
});

describe('routes', () => {
  it('home and non-model routes give no scenario', () => {
    for (const home of [
      '',
      '#/',
      '/#/',
      '#',
      'http://127.0.0.1:5173/',
      'http://127.0.0.1:5173/#/',
    ]) {
      expect(parsePermalink(home)).toEqual({ scenario: null, problems: [] });
    }
    const about = parsePermalink('#/about');
    expect(about.scenario).toBeNull();
    expect(about.problems).toMatchObject([
      {
        param: null,
        message: `unknown model 'about' — known: ${MODEL_INFOS.map((m) => m.id).join(', ')}.`,
      },
    ]);
  });

  it('a partial link takes the rest from the preset its table names', () => {
    const r = parsePermalink('/#/file-access?table=mpe-catalog-resident');
    expect(r.problems).toEqual([]);
    expect(r.scenario?.params['records']).toBe(7040);
    expect(r.scenario?.params).toEqual(CAT);
  });

  it('a bare model link is the default scenario', () => {
    for (const model of MODEL_INFOS) {
      expect(parsePermalink(`#/${model.id}`)).toEqual({
        scenario: defaultScenario(model),
        problems: [],
      });
    }
  });

  it('a full URL, /#/ and #/ read alike', () => {
    const tail = 'file-access?table=mpe-nl-seq&seed=7';
    const a = parsePermalink(`http://127.0.0.1:4173/some/path/#/${tail}`);
    expect(a.problems).toEqual([]);
    expect(a.scenario?.params).toEqual({ ...NL, seed: 7 });
    expect(parsePermalink(`/#/${tail}`)).toEqual(a);
    expect(parsePermalink(`#/${tail}`)).toEqual(a);
  });
});

// ------------------------------------------------------------------ presets and formatting

describe('presets', () => {
  for (const model of MODEL_INFOS) {
    it(`${model.id}: every preset declares only known params with valid values`, () => {
      const keys = new Set(model.params.map((p) => p.key));
      for (const p of model.presets) {
        for (const [k, v] of Object.entries(p.params)) {
          expect(keys.has(k), `${p.id}.${k}`).toBe(true);
          expect(validFor(spec(model, k), v), `${p.id}.${k}=${String(v)}`).toBe(true);
        }
        const s = presetScenario(model, p.id);
        expectAllValid(model, s.params);
        if (model.presetParam) expect(s.params[model.presetParam]).toBe(p.id);
        expect(paramsDifferingFromPreset(model, s.params)).toEqual([]);
      }
    });
  }

  it('presetScenario: preset values over the defaults', () => {
    const pre = fa.presets.find((p) => p.id === 'mpe-sl-postscript');
    const s = presetScenario(fa, 'mpe-sl-postscript');
    for (const ps of fa.params) {
      const want = pre && Object.hasOwn(pre.params, ps.key) ? pre.params[ps.key] : ps.default;
      expect(s.params[ps.key], ps.key).toBe(want);
    }
    expect(() => presetScenario(fa, 'nope')).toThrow(/unknown preset 'nope'/);
  });

  it('paramsDifferingFromPreset names what was changed, against the selected preset', () => {
    expect(paramsDifferingFromPreset(fa, { ...SL, records: 1000, seed: 9 })).toEqual([
      'records',
      'seed',
    ]);
    // Choosing another table without loading its experiment: what differs from that preset.
    const changed = paramsDifferingFromPreset(fa, { ...SL, table: 'mpe-catalog-resident' });
    const expected = fa.params.map((p) => p.key).filter((k) => k !== 'table' && SL[k] !== CAT[k]);
    expect(changed).toEqual(expected);
    expect(changed).toContain('records');
    expect(paramsDifferingFromPreset(fa, { table: 'mpe-nl-seq' })).toEqual([]);
  });

  it('presetParams without a preset is the declared defaults', () => {
    const defaults = Object.fromEntries(fa.params.map((p) => [p.key, p.default]));
    expect(presetParams(fa)).toEqual(defaults);
    expect(presetParams(fa, 'no-such-preset')).toEqual(defaults);
  });
});

describe('formatRange', () => {
  it('writes the range with grouping and the unit', () => {
    expect(formatRange(numberSpec(fa, 'prefetchDistanceRecords'))).toBe('0–100,000 records');
    expect(formatRange(numberSpec(fa, 'residentPct'))).toBe('0–100%');
    expect(formatRange(numberSpec(fa, 'seed'))).toBe('0–2,147,483,647');
    expect(formatRange({ ...numberSpec(fa, 'discSeekMs'), min: -5, max: 0.25 })).toBe(
      '-5 to 0.25 ms',
    );
  });
});
