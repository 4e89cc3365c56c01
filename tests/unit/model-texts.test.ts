/**
 * The models' own texts in Spanish (issue #35): es.json's `data.<model>.…` entries name what
 * the model declares or computes (no orphan left by a renamed parameter, table or chart), a
 * translation of a text with numbers asks for no more numbers than the English has, every
 * parameter's label has Spanish, and src/views/modelText.ts puts them on the page: the
 * numbers back in the page's locale, English where a translation is missing or stale.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { setNumberLocale } from '../../src/format';
import { MODEL_INFOS, loadModel, loadParamDocs } from '../../src/models/registry';
import type { ModelDefinition } from '../../src/models/types';
import { findPaperTable } from '../../src/papers';
import { citeSource } from '../../src/papers/cite';
import {
  columnHead,
  maskNumbers,
  modelText,
  numbersOf,
  paramLabel,
  rowLabel,
  sourceWords,
  tableNote,
  tableTitle,
  textId,
  textKey,
  withUnitWord,
} from '../../src/views/modelText';

const es = JSON.parse(
  readFileSync(new URL('../../src/i18n/messages/es.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** Labels that are names, the same in Spanish. */
const NAMES = new Set([
  'fcache_seqlimit_file',
  'fcache_seqlimit_system',
  'PostMark, v3 ÷ v2',
  'iozone -az, v3 ÷ v2',
  'iozone mmap, v3 ÷ v2',
]);

/** Units that are symbols, written alike in both languages. */
const SYMBOLS = new Set(['GHz', 'ppm']);

/** Every id a model's texts may have, with its English (default scenario and every preset). */
async function textsOf(model: ModelDefinition): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const add = (id: string, english: string) => {
    if (english) texts.set(textId(id, english), english);
  };
  const docs = await loadParamDocs(model.id);
  for (const p of model.params) {
    add(`param.${p.key}.label`, p.label);
    add(`group.${p.group}`, p.group);
    add(`param.${p.key}.doc`, docs[p.key] ?? '');
    if (p.kind === 'enum')
      for (const o of p.options) add(`param.${p.key}.option.${o.value}`, o.label);
    if (p.kind === 'number')
      for (const m of p.marks ?? []) add(`param.${p.key}.mark.${m.value}`, m.label);
  }
  // A preset names its table by its id (`presetParam`), as presetScenario sets it.
  const key = model.presetParam ?? 'table';
  // A list of the student's own (page-replacement's pasted string) has its own notes.
  const ownLists = model.params
    .filter((p) => p.kind === 'list')
    .map((p) => ({ [p.key]: '1 2 3 1 2 4' }));
  const presets = model.presets.map((p) => ({ [key]: p.id, ...p.params }));
  for (const scenario of [{}, ...presets, ...ownLists]) {
    for (const t of model.tables(scenario, { intervals: false })) {
      add(`table.${t.id}.title`, t.title);
      for (const c of t.columns) {
        add(`col.${c.key}`, c.label);
        add(`table.${t.id}.col.${c.key}`, c.label);
      }
      for (const r of t.rows) {
        add(`row.${maskNumbers(r.label)}`, r.label);
        // The short name projector mode and the explore strip show.
        if (r.short) add(`row.${maskNumbers(r.short)}`, r.short);
      }
      for (const n of t.notes ?? []) add(`note.${textKey(n)}`, n);
      // The paper's own notes on the table, shown under it (compare.ts's compareTable).
      for (const n of findPaperTable(t.id)?.notes ?? []) add(`note.${textKey(n)}`, n);
      // The source's words after its paper's citation, also inside "model (…)".
      const cited = citeSource(t.source);
      const words = sourceWords(/^model \((.*)\)$/.exec(cited)?.[1] ?? cited)?.words;
      if (words) add(`source.${maskNumbers(words)}`, words);
    }
    for (const c of model.charts(scenario)) {
      add(`chart.${c.id}.title`, c.title);
      if (c.caption) add(`note.${textKey(c.caption)}`, c.caption);
      const names =
        c.kind === 'line'
          ? c.series.map((s) => s.name)
          : c.kind === 'timeline'
            ? c.lanes.map((l) => l.name)
            : c.bars.flatMap((b) => [b.label, ...b.parts.map((p) => p.name)]);
      for (const name of names) add(`series.${maskNumbers(name)}`, name);
      if (c.kind === 'line') {
        add(`chart.${c.id}.x`, c.xLabel);
        add(`chart.${c.id}.y`, c.yLabel);
        for (const m of c.markers ?? []) add(`mark.${maskNumbers(m.label)}`, m.label);
        for (const p of c.paperPoints ?? []) add(`point.${maskNumbers(p.label)}`, p.label);
      }
      if (c.kind === 'stacked-bar') add(`chart.${c.id}.value`, c.valueLabel);
      if (c.kind === 'timeline')
        for (const [kind, label] of Object.entries(c.kindLabels ?? {}))
          add(`chart.${c.id}.kind.${kind}`, label);
    }
  }
  return texts;
}

const models = new Map<string, { model: ModelDefinition; texts: Map<string, string> }>();

beforeAll(async () => {
  for (const info of MODEL_INFOS) {
    const model = (await loadModel(info.id))!;
    const texts = await textsOf(model);
    // The model page's summary under its title (ModelPage's header).
    texts.set(textId('summary', info.summary), info.summary);
    models.set(info.id, { model, texts });
  }
}, 120_000);

describe('the models’ texts in es.json', () => {
  it('name only what a model declares or computes, numbers included', () => {
    const bad: string[] = [];
    for (const [id, spanish] of Object.entries(es)) {
      const [, modelId, ...rest] = id.split('.');
      const entry = models.get(modelId ?? '');
      if (!id.startsWith('data.') || !entry) continue;
      const english = entry.texts.get(rest.join('.'));
      if (english === undefined) bad.push(`${id}: names nothing`);
      else if (spanish === english) bad.push(`${id}: left in English`);
      else {
        const asked = [...spanish.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
        if (asked.some((k) => k > numbersOf(english).length)) bad.push(`${id}: asks for more`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('translate every parameter’s label', () => {
    const missing = MODEL_INFOS.flatMap((m) =>
      m.params
        .filter((p) => !NAMES.has(p.label))
        .filter((p) => es[`data.${m.id}.${textId(`param.${p.key}.label`, p.label)}`] === undefined)
        .map((p) => `${m.id}.${p.key}`),
    );
    expect(missing).toEqual([]);
  });

  it('translate the unit words the models use', () => {
    const units = new Set(
      MODEL_INFOS.flatMap((m) => m.params.map((p) => ('unit' in p ? p.unit : ''))),
    );
    const words = [...units].filter((u) => /^[A-Za-z]{3,}$/.test(u) && !SYMBOLS.has(u));
    expect(words.filter((u) => es[`data.unit.${u}`] === undefined)).toEqual([]);
  });
});

describe('a model’s text on the page', () => {
  beforeAll(() => loadCatalogue('es'));

  it('is the Spanish, its numbers in the Spanish way', () => {
    setNumberLocale('es-ES', { unbounded: 'sin límite' });
    try {
      const t = translator('es');
      const table = {
        id: 'replacement',
        title: 'Page replacement: 12 KB = 3 frames of 4 KB, every policy on the same string',
      };
      expect(tableTitle(t, table)).toBe(
        'Reemplazo de páginas: 12 KB = 3 marcos de 4 KB, todas las políticas con la misma cadena',
      );
      expect(
        tableTitle(t, { ...table, title: table.title.replace('12 KB', '12,360.5 KB') }),
      ).toMatch(/^Reemplazo de páginas: 12\.360,5 KB = 3 marcos/);
      expect(rowLabel(t, 'replacement-trace', '12. page 5 hit')).toBe('12. página 5, acierto');
      expect(
        columnHead(t, 'mpe-run-activity', {
          key: 'pages_read',
          label: 'Pages read',
          unit: 'pages',
        }),
      ).toBe('Páginas leídas (páginas)');
      expect(withUnitWord(t, '1', 'records')).toBe('1 registro');
      const fa = MODEL_INFOS.find((m) => m.id === 'file-access')!;
      expect(
        paramLabel(
          t,
          fa.id,
          fa.params.find((p) => p.key === 'records')!,
        ),
      ).toBe('Registros en el archivo');
      // A name has no entry; an unknown or changed text stays English.
      expect(rowLabel(t, 'mpe-sl-seq', 'FreadDir & FreadSeek')).toBe('FreadDir & FreadSeek');
      expect(tableNote(t, 'mpe-sl-seq', 'A note nobody translated.')).toBe(
        'A note nobody translated.',
      );
      expect(modelText(t, 'page-replacement.table.replacement.title', 'Page replacement')).toBe(
        'Page replacement',
      );
    } finally {
      setNumberLocale('en-US', { unbounded: 'unbounded' });
    }
  });

  it('is the English itself in English', () => {
    const t = translator('en');
    const title = 'Page replacement: 12 KB = 3 frames of 4 KB, every policy on the same string';
    expect(tableTitle(t, { id: 'replacement', title })).toBe(title);
    expect(withUnitWord(t, '1', 'records')).toBe('1 record');
    expect(
      columnHead(t, 'mpe-run-activity', { key: 'x', label: 'Pages read', unit: 'pages' }),
    ).toBe('Pages read (pages)');
  });
});
