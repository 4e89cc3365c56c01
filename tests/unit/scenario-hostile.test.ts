/**
 * Hostile links, for EVERY model in the registry and every parameter it declares: huge
 * numbers, negative sizes, NaN, Infinity, -0, 10 MB values, unicode (lone surrogates, RTL,
 * emoji), injected markup, broken percent-encoding, repeated and unknown keys, empty values,
 * and packed lists that lie about themselves. The codec must never throw (not even into its
 * own catch-all), never hang, and give for each parameter either a valid value or a problem
 * that names it. Each property says in a comment which protection of src/scenario it guards.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import type { ListParamSpec, ModelInfo, ParamSpec } from '../../src/models/types';
import {
  MAX_LINK_CHARS,
  MAX_PROBLEMS,
  PACKED_PREFIX,
  VERSION_KEY,
  packList,
  parsePermalink,
  presetParams,
  serializeScenario,
  type ParseResult,
} from '../../src/scenario';
import { expectAllValid, validFor } from './scenario-valid';

const MARKUP = [
  '<img src=x onerror=window.__pwned=1>',
  '"><script>window.__pwned=1</script>',
  "'><svg onload=window.__pwned=1>",
  '</textarea><b>bold</b>',
  'javascript:alert(1)',
];

/** Values no parameter should accept silently (or at all, for most). */
const HOSTILE_VALUES = [
  '1e308',
  '1e400',
  '-1e400',
  '9'.repeat(1000),
  `1${'0'.repeat(999)}`,
  '-1',
  '-4096',
  '-0',
  '0',
  'NaN',
  'nan',
  'Infinity',
  '-Infinity',
  '+Infinity',
  '0x10',
  '1_000',
  '1,000',
  '1.',
  '.5',
  '',
  ' ',
  '\u0000',
  '\n1',
  '\ud800',
  '\udfff1',
  '\u202e123',
  '\u200f\u05d0\u05d1',
  '😀',
  '1😀',
  '%',
  '%E2%82',
  '%E2%82%AC',
  '%zz',
  '%00',
  '1,2,x',
  '1,,2',
  '3,1,4',
  '__proto__',
  'constructor',
  `${PACKED_PREFIX}`,
  `${PACKED_PREFIX}!!!`,
  `${PACKED_PREFIX}AQ`,
  ...MARKUP,
];

const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', '', '%', '%E2%82', '😀', ...MARKUP];

/** Percent-encodes when it can (a lone surrogate cannot be: then the raw text goes in). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A value as a link may carry it: raw, encoded, or encoded and then cut anywhere. */
const arbWritten = (value: fc.Arbitrary<string>) =>
  fc.oneof(
    value,
    value.map(encode),
    fc.tuple(value, fc.nat()).map(([v, n]) => encode(v).slice(0, n % (encode(v).length + 1))),
  );

const arbHostileValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 400n), max: 10n ** 400n }).map(String) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: -5, max: 2_000_000 })).map(String) },
);

/**
 * What every parse must give, whatever the input:
 * - no exception escaped into parsePermalink's catch-all ("could not be read") — guards every
 *   check in permalink.ts/packed.ts that stands between link text and an exception (a
 *   decodeURIComponent without its try, `new Array(n)` for an unchecked count, …);
 * - a scenario of the model, every declared parameter valid per its ParamSpec (checked here
 *   independently of the codec's valibot schemas) — guards the range, integer, finite, option
 *   and list-item checks, and that a rejected value falls back rather than passing through;
 * - at most MAX_PROBLEMS problems, each one line of bounded length — guards finish()'s cap and
 *   showText's escaping and cutting (a 10 MB value is never echoed whole).
 */
function expectSound(model: ModelInfo, r: ParseResult): void {
  for (const p of r.problems) {
    expect(p.message).not.toContain('could not be read');
    expect(p.message).not.toMatch(/[\r\n\u2028\u2029]/);
    expect(p.message.length).toBeLessThan(600);
  }
  expect(r.problems.length).toBeLessThanOrEqual(MAX_PROBLEMS);
  expect(r.scenario?.modelId).toBe(model.id);
  if (r.scenario) expectAllValid(model, r.scenario.params);
}

/**
 * The value the link's text stands for, as a person would read it, when valid — else null.
 * Independent of the codec: if the codec accepts a value silently, it must be this one.
 */
function intended(spec: ParamSpec, raw: string): string | number | null {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (spec.kind === 'enum') return spec.options.some((o) => o.value === text) ? text : null;
  if (spec.kind === 'list') {
    const t = text.trim();
    if (t === '') return '';
    const parts = t.split(/\s*,\s*/);
    if (!parts.every((x) => /^\d+$/.test(x))) return null;
    const canonical = parts.map(Number).join(',');
    return validFor(spec, canonical) ? canonical : null;
  }
  const t = text.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) return null;
  const n = Number(t) + 0;
  return validFor(spec, n) ? n : null;
}

for (const model of MODEL_INFOS) {
  describe(`${model.id}: hostile links`, () => {
    const keys = model.params.map((s) => s.key);

    // Guards, per parameter kind, that a value is either taken exactly as meant or reported
    // under its own name: readParam's reject() for each rule (empty, hex, non-finite, NaN,
    // out of range, not whole, not an option, broken percent-encoding, not a list).
    it('each parameter: a hostile value is taken as meant, or a problem names that parameter', () => {
      fc.assert(
        fc.property(fc.constantFrom(...model.params), arbWritten(arbHostileValue), (spec, raw) => {
          const r = parsePermalink(`#/${model.id}?${encode(spec.key)}=${raw}`);
          expectSound(model, r);
          const mine = r.problems.filter((p) => p.param === spec.key);
          const meant = intended(spec, raw);
          if (mine.length === 0) {
            // Taken silently: only if it is exactly what the text says.
            expect(meant).not.toBeNull();
            expect(r.scenario?.params[spec.key]).toEqual(meant);
          } else {
            expect(mine).toHaveLength(1);
            expect(mine[0]!.message.startsWith(`${spec.key}: `)).toBe(true);
            // Packed lists are their own form; every other valid value is never refused.
            if (!(spec.kind === 'list' && raw.includes('packed'))) expect(meant).toBeNull();
          }
        }),
        { numRuns: 400, seed: 12 },
      );
    });

    // Guards readQuery's handling of keys (first value wins, repeats counted and reported,
    // unknown keys reported — including `__proto__` — and never written into the params) and
    // the fallback order: preset named by the link, then the declared default.
    it('repeated, unknown, empty and markup keys: first value wins, the rest is reported', () => {
      const arbKey = fc.oneof(
        fc.constantFrom(...keys, VERSION_KEY, ...HOSTILE_KEYS),
        fc.string({ maxLength: 8 }),
      );
      fc.assert(
        fc.property(
          fc.array(fc.tuple(arbKey, arbWritten(arbHostileValue)), { maxLength: 12 }),
          (pairs) => {
            const link = `#/${model.id}?${pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&')}`;
            const r = parsePermalink(link);
            expectSound(model, r);
            if (!r.scenario) return;
            const count = new Map<string, number>();
            for (const [k] of pairs) count.set(k, (count.get(k) ?? 0) + 1);
            const reported = (k: string) => r.problems.some((p) => p.param === k);
            const listed = r.problems.length < MAX_PROBLEMS;
            for (const [k, n] of count) {
              if (k === '' || !listed) continue;
              if (n > 1 || (!keys.includes(k) && k !== VERSION_KEY))
                expect(reported(k), k).toBe(true);
            }
            // Nothing but the declared parameters, in order (no `__proto__` smuggled in).
            expect(Object.keys(r.scenario.params)).toEqual(keys);
            expect(Object.getPrototypeOf(r.scenario.params)).toBe(Object.prototype);
            const selected = model.presetParam
              ? String(r.scenario.params[model.presetParam])
              : undefined;
            const base = presetParams(model, selected);
            // A link of an older version runs that version's migrations, which may give a key
            // the link left out the value it had then (file-cache v2: no coherency term).
            const from = r.linkVersion;
            const migrated =
              from !== undefined &&
              Object.keys(model.migrations ?? {}).some((v) => Number(v) >= from);
            for (const spec of model.params) {
              if (!count.has(spec.key) && !migrated) {
                expect(r.scenario.params[spec.key], spec.key).toEqual(
                  spec.key === model.presetParam ? spec.default : base[spec.key],
                );
              }
            }
          },
        ),
        { numRuns: 300, seed: 13 },
      );
    });

    // Guards MAX_LINK_CHARS (the cut, and that it is reported) and notAListHead (a cut list
    // of letters says "not a list", not "cut off"): a 10 MB value in any parameter is reported
    // under that parameter's name in bounded time. (readQuery's per-key limit, which spares
    // decoding a value longer than its parameter allows, only saves time: without it this
    // still passes.)
    it(
      'a 10 MB value in any parameter: bounded time, a problem naming it',
      { timeout: 240_000 },
      () => {
        const tenMB = 10 * 2 ** 20;
        const fillers = ['9', 'a', '1,', '%E2%82', '<b>', '😀'];
        // Every filler for list parameters; one each (in turn) for the others, to spare the CPU.
        model.params.forEach((spec, i) => {
          const mine = spec.kind === 'list' ? fillers : [fillers[i % fillers.length]!];
          for (const fill of mine) {
            const value = fill.repeat(Math.ceil(tenMB / fill.length));
            const r = parsePermalink(`#/${model.id}?${spec.key}=${value}`);
            expectSound(model, r);
            expect(r.problems[0]?.message).toContain(
              `only the first ${MAX_LINK_CHARS.toLocaleString('en-US')} are read`,
            );
            const mine = r.problems.find((p) => p.param === spec.key);
            expect(mine?.message.startsWith(`${spec.key}: `), `${spec.key} ${fill}`).toBe(true);
            if (spec.kind === 'list' && fill !== '9' && fill !== '1,') {
              expect(mine?.message).toContain('is not a comma-separated list of whole numbers');
            }
            expect(r.scenario?.params[spec.key]).toEqual(
              model.presetParam === spec.key
                ? spec.default
                : presetParams(model, undefined)[spec.key],
            );
          }
        });
      },
    );

    // Guards routeOf/parse on the route itself: markup, unicode and broken escapes in the
    // model name or after it never reach a scenario of another model, and are quoted safely.
    it('hostile routes: an unknown model is reported, extra path segments are ignored', () => {
      fc.assert(
        fc.property(arbWritten(arbHostileValue), (junk) => {
          const unknown = parsePermalink(`#/${junk}x?a=1`);
          if (unknown.scenario === null) {
            expect(unknown.problems[0]?.message ?? '').toMatch(/unknown model|^$/);
          }
          const extra = parsePermalink(`#/${model.id}/${junk}?a=1`);
          expectSound(model, extra);
        }),
        { numRuns: 200, seed: 14 },
      );
    });
  });
}

const listParams = MODEL_INFOS.flatMap((model) =>
  model.params
    .filter((s): s is ListParamSpec => s.kind === 'list')
    .map((spec) => ({ model, spec })),
);

describe('list parameters', () => {
  it('the registry has at least one (page-replacement refs)', () => {
    expect(listParams.map(({ model, spec }) => `${model.id}.${spec.key}`)).toContain(
      'page-replacement.refs',
    );
  });

  for (const { model, spec } of listParams) {
    const link = (value: string) => `#/${model.id}?${spec.key}=${value}`;

    // Guards readListText's item rule: the message for a non-number says so, whatever the
    // length (a 5,000-character list of letters is not "cut off").
    it(`${model.id}.${spec.key}: a non-number in the list is reported as such`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.nat({ max: spec.itemMax }), { minLength: 0, maxLength: 20 }),
          fc.constantFrom('x', 'NaN', '-1', '1.5', '1e3', '<b>', '😀', '%E2%82%AC', ' ', '0x1'),
          fc.nat(),
          fc.nat({ max: 3000 }),
          (items, bad, at, pad) => {
            const parts = items.map(String);
            parts.splice(at % (parts.length + 1), 0, bad);
            const value = `${parts.join(',')}${',7'.repeat(pad)}`;
            const r = parsePermalink(link(value));
            expectSound(model, r);
            const mine = r.problems.find((p) => p.param === spec.key);
            expect(mine?.message).toContain('is not a comma-separated list of whole numbers');
          },
        ),
        { numRuns: 200, seed: 15 },
      );
    });

    // Guards the packed form both ways: packList/unpackList round-trip exactly (both formats),
    // and serializeScenario switches to it only past MAX_READABLE_LIST_CHARS.
    it(
      `${model.id}.${spec.key}: 100,000 items round-trip through the link`,
      { timeout: 240_000 },
      () => {
        const n = Math.min(100_000, spec.maxItems);
        fc.assert(
          fc.property(
            fc.constantFrom('small', 'scan', 'wide', 'spiky'),
            fc.integer({ min: 1, max: 2 ** 31 - 1 }),
            (shape, seed) => {
              let s = seed;
              const rand = () => ((s = (s * 48271) % 2147483647) - 1) / 2147483646;
              const span = spec.itemMax - spec.itemMin;
              const items = Array.from({ length: n }, (_, i) => {
                const x =
                  shape === 'small'
                    ? Math.floor(rand() * 16)
                    : shape === 'scan'
                      ? i
                      : shape === 'wide'
                        ? Math.floor(rand() * (span + 1))
                        : rand() < 0.01
                          ? span
                          : 0;
                return spec.itemMin + Math.min(span, x);
              });
              const base = parsePermalink(`#/${model.id}`).scenario!;
              const scenario = { ...base, params: { ...base.params, [spec.key]: items.join(',') } };
              const written = serializeScenario(scenario);
              expect(written).toContain(`${spec.key}=${PACKED_PREFIX}`);
              expect(written.length).toBeLessThan(MAX_LINK_CHARS);
              const r = parsePermalink(written);
              expect(r.problems).toEqual([]);
              expect(r.scenario).toEqual(scenario);
            },
          ),
          { numRuns: 8, seed: 16 },
        );
      },
    );

    it(`${model.id}.${spec.key}: the short readable form stays readable`, () => {
      const r = parsePermalink(link('3,1,4'));
      expect(r.problems).toEqual([]);
      expect(r.scenario?.params[spec.key]).toBe('3,1,4');
      expect(serializeScenario(r.scenario!)).toContain(`${spec.key}=3,1,4&`);
    });

    // Guards unpackList's checks: base64url alphabet, known format, width 1–45, a count read
    // whole and at most maxItems BEFORE anything is allocated for it, enough bytes for the
    // count, no trailing bytes, every item in range. Random bytes after the prefix, and valid
    // packed values cut or altered anywhere, never throw and never pass an invalid list.
    it(`${model.id}.${spec.key}: lying packed values are reported, never trusted`, () => {
      const toB64url = (bytes: number[]) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const arbPacked = fc.oneof(
        fc.array(fc.nat({ max: 255 }), { maxLength: 40 }).map(toB64url),
        // A format byte, then a huge declared count (up to 2^56) and little else.
        fc
          .tuple(
            fc.constantFrom(1, 2, 3),
            fc.array(fc.constantFrom(0xff, 0x80, 0x7f, 0x01), { minLength: 1, maxLength: 9 }),
          )
          .map(([f, count]) => toB64url(f === 1 ? [1, 20, ...count, 0] : [f, ...count, 0])),
        fc
          .tuple(fc.array(fc.nat({ max: spec.itemMax }), { minLength: 1, maxLength: 40 }), fc.nat())
          .map(([xs, cut]) => {
            const body = packList(xs).slice(PACKED_PREFIX.length);
            return body.slice(0, cut % body.length);
          }),
        fc.string({ maxLength: 30 }),
      );
      fc.assert(
        fc.property(arbPacked, (body) => {
          const r = parsePermalink(link(`${PACKED_PREFIX}${body}`));
          expectSound(model, r);
          const mine = r.problems.find((p) => p.param === spec.key);
          if (mine) expect(mine.message.startsWith(`${spec.key}: `)).toBe(true);
        }),
        { numRuns: 500, seed: 17 },
      );
      // Too many items: said before any is read.
      const over = packList(new Array<number>(spec.maxItems + 1).fill(spec.itemMin));
      const r = parsePermalink(link(over));
      expect(r.problems.find((p) => p.param === spec.key)?.message).toMatch(
        /has [\d,]+ items \(at most|characters long/,
      );
      // An item out of range, packed.
      if (spec.itemMax < 2 ** 40) {
        const bad = packList([spec.itemMin, spec.itemMax + 1]);
        expect(parsePermalink(link(bad)).problems[0]?.message).toContain(
          `item 2 (${spec.itemMax + 1}) is out of range`,
        );
      }
    });
  }
});
