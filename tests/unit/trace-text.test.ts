/** Trace files for page replacement: what is read, and what is refused with which words. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_INFOS } from '../../src/models/registry';
import type { ListParamSpec } from '../../src/models/types';
import { MAX_TRACE_CHARS, readTraceText, readTraceTextInSteps } from '../../src/scenario/trace';

const refs = MODEL_INFOS.find((m) => m.id === 'page-replacement')!.params.find(
  (p): p is ListParamSpec => p.key === 'refs',
)!;

describe('readTraceText', () => {
  // Guards the tokenizer: any mix of the allowed separators and comments reads the same list.
  it('any separators (commas, spaces, tabs, line breaks) and # comments give the same list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: refs.itemMin, max: refs.itemMax }), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.array(fc.constantFrom(',', ' ', '\t', '\n', '\r\n', ', ', ' ,\n', '  # note\n')),
        (items, seps) => {
          const text = items
            .map((x, i) => `${x}${seps.length ? seps[i % seps.length] : '\n'}`)
            .join('');
          const r = readTraceText(refs, `# a trace\n${text}`);
          expect(r).toEqual({ ok: true, value: items.join(','), count: items.length });
        },
      ),
      { numRuns: 300, seed: 21 },
    );
  });

  it('200,000 references, one per line, are read; one more is refused', () => {
    const lines = Array.from({ length: refs.maxItems }, (_, i) => String(i % 1000));
    const ok = readTraceText(refs, lines.join('\n'));
    expect(ok.ok && ok.count).toBe(refs.maxItems);
    const over = readTraceText(refs, `${lines.join('\n')}\n5\n`);
    expect(over).toMatchObject({ ok: false, why: expect.stringContaining('more than 200,000') });
  });

  it.each([
    ['1\n2\nabc\n', 'line 3: "abc" is not a page number'],
    ['1 2 0x1f', 'line 1: "0x1f" is not a page number'],
    ['1\n-4\n', 'line 2: "-4" is not a page number'],
    ['1\n\n2.5', 'line 3: "2.5" is not a page number'],
    ['<img src=x onerror=alert(1)>', '"<img" is not a page number'],
    ['7\n1000001', 'line 2: "1000001" is out of range (0–1,000,000)'],
    ['', 'no page numbers found'],
    ['# only a comment\n\n', 'no page numbers found'],
  ])('%j is refused: %s', (text, why) => {
    const r = readTraceText(refs, text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toContain(why);
  });

  it('a text longer than the limit is refused unread', () => {
    const r = readTraceText(refs, '1\n'.repeat(MAX_TRACE_CHARS / 2 + 1));
    expect(r).toMatchObject({ ok: false, why: expect.stringContaining('characters long') });
  });
});

describe('readTraceText: lines and chunks', () => {
  it('counts lines ended by \\n, \\r\\n or a lone \\r alike', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const r = readTraceText(refs, ['1', '2', 'x'].join(eol));
      expect(r).toMatchObject({ ok: false, why: expect.stringContaining('line 3: "x"') });
    }
  });

  it('in steps: the same reading, progress rising to 1, and a cancel stops it', async () => {
    const text = Array.from({ length: refs.maxItems }, (_, i) => String(i % 1000)).join('\n');
    const seen: number[] = [];
    const r = await readTraceTextInSteps(refs, text, (f) => (seen.push(f), true));
    expect(r).toEqual(readTraceText(refs, text));
    expect(seen.length).toBeGreaterThan(2); // ~0.7 MB in chunks of 256 K characters
    expect(seen.every((f, i) => f > 0 && f <= 1 && (i === 0 || f > seen[i - 1]!))).toBe(true);
    expect(seen.at(-1)).toBe(1);
    let calls = 0;
    const cancelled = await readTraceTextInSteps(refs, text, () => ++calls < 2);
    expect(cancelled).toBeNull();
    expect(calls).toBe(2);
  });
});
