/**
 * An embed of one table or one chart (`embed=table:<id>`, `embed=chart:<id>`): the codec reads
 * it beside `view=embed`, writes it back after the controls, reports a malformed or stray one
 * in words and shows the whole page, and never throws on hostile values.
 */
import { describe, expect, it } from 'vitest';
import { fileAccessModel } from '../../src/models/file-access';
import { MODEL_INFOS } from '../../src/models/registry';
import {
  EMBED_PART_KEY,
  embedPartText,
  parseEmbedPart,
  parsePermalink,
  presetScenario,
  type EmbedPart,
} from '../../src/scenario';
import { scenarioHash } from '../../src/state/scenarioLink';
import { embedSnippet } from '../../src/views/EmbedPanel';
import { EMBED_FRAME_ATTR, HEIGHT_MESSAGE, RESIZE_SCRIPT } from '../../src/views/embedHeight';

const B = presetScenario(fileAccessModel, 'mpe-sl-seq');
const EMBED = scenarioHash(B, 'embed');

describe('an embed part in a link', () => {
  it('round-trips a table and a chart, with or without controls and a comparison', () => {
    const parts: EmbedPart[] = [
      { kind: 'table', id: 'mpe-sl-seq' },
      { kind: 'chart', id: 'timeline' },
      { kind: 'chart', id: 'model-vs-paper' },
      { kind: 'table', id: 'A_b.9-z' },
    ];
    for (const part of parts)
      for (const controls of [undefined, 'read', 'edit'] as const) {
        const pinned = { ...B.params, records: 1000 };
        const hash = scenarioHash(B, { view: 'embed', controls, part, pinned });
        expect(hash.endsWith(`&${EMBED_PART_KEY}=${part.kind}:${part.id}`)).toBe(true);
        const read = parsePermalink(hash);
        expect(read.problems).toEqual([]);
        expect(read).toMatchObject({ scenario: B, view: 'embed', part, compare: pinned });
        expect(read.controls).toBe(controls);
      }
    expect(parsePermalink(EMBED).part).toBeUndefined();
    expect(embedPartText({ kind: 'table', id: 'x' })).toBe('table:x');
  });

  it('is read anywhere in the query, spaces around its halves trimmed', () => {
    const [path, query] = EMBED.split('?') as [string, string];
    expect(parsePermalink(`${path}?embed=chart:timeline&${query}`).part).toEqual({
      kind: 'chart',
      id: 'timeline',
    });
    expect(parseEmbedPart(' table : mpe-sl-seq ')).toEqual({ kind: 'table', id: 'mpe-sl-seq' });
  });

  it('the app writes no part without the embed view, and a link with one is reported', () => {
    const part: EmbedPart = { kind: 'table', id: 'mpe-sl-seq' };
    expect(scenarioHash(B, { view: 'projector', part })).not.toContain('embed=');
    expect(scenarioHash(B, { part })).not.toContain('embed=');
    const stray = parsePermalink(`${scenarioHash(B)}&embed=table:mpe-sl-seq`);
    expect(stray.part).toBeUndefined();
    expect(stray.scenario).toEqual(B);
    expect(stray.problems).toMatchObject([
      { param: 'embed', message: 'embed: only an embed link (view=embed) reads it — ignored.' },
    ]);
  });

  it('hostile or malformed values: one problem in words, the whole page, never a throw', () => {
    const hostile = [
      'graph:timeline',
      'table',
      'table:',
      ':mpe-sl-seq',
      'chart:<script>alert(1)</script>',
      'table:a b',
      'table:../../etc',
      'TABLE:mpe-sl-seq',
      `table:${'x'.repeat(65)}`,
      'table:%ZZ',
      encodeURIComponent('table:"quoted"'),
      'chart:\u202Etimeline',
      'x'.repeat(5000),
      'table:mpe-sl-seq%00',
    ];
    for (const value of hostile) {
      const read = parsePermalink(`${EMBED}&embed=${value}`);
      expect(read.part, value.slice(0, 40)).toBeUndefined();
      expect(read.scenario).toEqual(B);
      expect(read.view).toBe('embed');
      expect(
        read.problems.map((p) => p.param),
        value.slice(0, 40),
      ).toEqual(['embed']);
      const message = read.problems[0]!.message;
      expect(message).toMatch(/^embed: .* is not a part — allowed table:<id> or chart:<id> /);
      expect(message).toMatch(/showing the whole page\.$/);
      expect(message.length).toBeLessThan(260);
      expect(message).not.toMatch(/[\n\r]/); // one line, as every problem
    }
  });

  it('a repeated key keeps the first value; the key is no parameter of any model', () => {
    const read = parsePermalink(`${EMBED}&embed=chart:timeline&embed=table:mpe-sl-seq`);
    expect(read.part).toEqual({ kind: 'chart', id: 'timeline' });
    for (const m of MODEL_INFOS)
      expect(
        m.params.map((p) => p.key),
        m.id,
      ).not.toContain(EMBED_PART_KEY);
  });
});

describe('the embed snippet', () => {
  it('an iframe of the given height, marked for the resize script', () => {
    const src = `https://lab.example/${scenarioHash(B, { view: 'embed', part: { kind: 'chart', id: 'timeline' } })}`;
    const html = embedSnippet(src, 'Latency Lab: file access', 512.4);
    expect(html).toMatch(/^<iframe src="[^"]+" title="[^"]+" .*><\/iframe>$/);
    expect(html).toContain(' height="512" ');
    expect(html).toContain(` ${EMBED_FRAME_ATTR}>`);
    expect(html).toContain('embed=chart:timeline');
    expect(embedSnippet(src, 't')).toContain(' height="900" ');
  });

  it('the resize script checks the message type and its source frame, and bounds the height', () => {
    expect(RESIZE_SCRIPT).toMatch(/^<script>[^<]*<\/script>$/);
    expect(RESIZE_SCRIPT).toContain(`d.type!=="${HEIGHT_MESSAGE}"`);
    expect(RESIZE_SCRIPT).toContain('contentWindow===e.source');
    expect(RESIZE_SCRIPT).toContain('Math.min(');
    expect(RESIZE_SCRIPT).toContain(`iframe[${EMBED_FRAME_ATTR}]`);
  });
});
