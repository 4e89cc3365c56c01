import type { Translate } from '../i18n/LangContext';
import { MODEL_INFOS } from '../models/registry';
import { PAPERS } from '../papers/papers';
import type { ParamSpec } from '../models/types';
import { maskNumbers, modelText, paramName, textKey } from '../i18n/modelText';

// The lookup itself and the charts' texts live in src/i18n/modelText.ts (charts may not import
// views); re-exported so a view needs one import.
export {
  chartText,
  kindText,
  maskNumbers,
  modelText,
  numbersOf,
  paramName,
  seriesName,
  textId,
  textKey,
} from '../i18n/modelText';

/**
 * A model's own words (its parameters, tables and charts) in the page's language. The model
 * code stays English; the Spanish is in es.json under `data.<model>.…` (docs/i18n.md):
 *
 * - parameters: `param.<key>.label`, `param.<key>.doc`, `param.<key>.option.<value>`,
 *   `param.<key>.mark.<value>`, and the groups by name, `group.<English group>`;
 * - tables: `table.<id>.title`, columns `table.<id>.col.<key>` (else the model's
 *   `col.<key>`), row labels `row.<label>`, notes `note.<hash>` (`textKey`), and a source's
 *   words after its paper's citation `source.<words>` (`sourceWords`);
 * - charts: `chart.<id>.title|x|y`, series and lanes `series.<name>`, bars `bar.<label>`;
 * - unit words, shared by every model: `data.unit.<unit>` (`unit.<unit>.one` for one).
 *
 * A text with numbers in it (computed from the scenario: "360 KB = 90 frames of 4 KB") has its
 * Spanish under its id + `.n`, with `#1`, `#2`… where the English's numbers go; they are put
 * back in the page's locale. A translation missing, or asking for more numbers than the English
 * has (the English changed), leaves the English.
 */

export const paramLabel = (t: Translate, model: string, spec: ParamSpec): string =>
  paramName(t, model, spec);

export const paramDoc = (t: Translate, model: string, spec: ParamSpec, english: string): string =>
  english ? modelText(t, `${model}.param.${spec.key}.doc`, english) : english;

export const paramGroup = (t: Translate, model: string, group: string): string =>
  modelText(t, `${model}.group.${group}`, group);

export const optionLabel = (
  t: Translate,
  model: string,
  spec: ParamSpec,
  option: { value: string; label: string },
): string => modelText(t, `${model}.param.${spec.key}.option.${option.value}`, option.label);

export const markLabel = (
  t: Translate,
  model: string,
  spec: ParamSpec,
  mark: { value: number; label: string },
): string => modelText(t, `${model}.param.${spec.key}.mark.${mark.value}`, mark.label);

/**
 * A unit as a word of the page's language (`records` → `registros`); symbols (ms, KB, %) and
 * units with no entry stay. `count`: the number it follows, for a singular (`1 registro`).
 */
export function unitWord(t: Translate, unit: string, count?: string): string {
  if (t.lang === 'en' || !unit) return unit;
  if (count !== undefined && /^[−-]?1$/.test(count)) {
    const one = t.data(`unit.${unit}.one`, '');
    if (one) return one;
  }
  return t.data(`unit.${unit}`, unit);
}

/** `value unit` in the page's words (format/index.ts `withUnit`, for Spanish too). */
export function withUnitWord(t: Translate, text: string, unit: string): string {
  if (t.lang === 'en') return unit ? `${text} ${unitForEnglish(text, unit)}` : text;
  return unit ? `${text} ${unitWord(t, unit, text)}` : text;
}

/** `Label (unit)` in the page's words. */
export const labelWithUnitWord = (t: Translate, label: string, unit: string): string =>
  unit ? `${label} (${unitWord(t, unit)})` : label;

function unitForEnglish(text: string, unit: string): string {
  if (
    (text !== '1' && text !== '−1' && text !== '-1') ||
    ['s', 'ms', 'µs', 'us', 'ns'].includes(unit)
  )
    return unit;
  if (!/^[A-Za-z]+s$/.test(unit) || unit.length < 3) return unit;
  if (unit.endsWith('ies')) return `${unit.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(unit)) return unit.slice(0, -2);
  return unit.slice(0, -1);
}

/**
 * The model a table id belongs to: a table is named by its id alone where it is shown (a
 * ComparedTable), and every model's tables have distinct ids; found by the translation of its
 * title, so a table with none is left in English.
 */
function modelOfTable(t: Translate, table: string): string | undefined {
  return MODEL_INFOS.find(
    (m) =>
      t.data(`${m.id}.table.${table}.title`, '') !== '' ||
      t.data(`${m.id}.table.${table}.title.n`, '') !== '',
  )?.id;
}

export function tableTitle(t: Translate, table: { id: string; title: string }): string {
  if (t.lang === 'en') return table.title;
  const model = modelOfTable(t, table.id);
  return model ? modelText(t, `${model}.table.${table.id}.title`, table.title) : table.title;
}

/** The knobs that made a table another experiment than the paper's, in the page's words. */
export function changedKnobs(
  t: Translate,
  table: { id: string; otherExperiment?: readonly { key: string; label: string }[] },
): string {
  const model = t.lang === 'en' ? undefined : modelOfTable(t, table.id);
  return (table.otherExperiment ?? [])
    .map((p) => (model ? paramName(t, model, p) : p.label))
    .join(', ');
}

/** A column's label: the table's own translation, else the model's for that column key. */
export function columnLabel(t: Translate, table: string, column: { key: string; label: string }) {
  if (t.lang === 'en') return column.label;
  const model = modelOfTable(t, table);
  if (!model) return column.label;
  const own = modelText(t, `${model}.table.${table}.col.${column.key}`, column.label);
  return own !== column.label ? own : modelText(t, `${model}.col.${column.key}`, column.label);
}

/** A column's label with its unit, in the page's words (the table's head). */
export const columnHead = (
  t: Translate,
  table: string,
  column: { key: string; label: string; unit: string },
): string => labelWithUnitWord(t, columnLabel(t, table, column), column.unit);

/** A row's label (the paper's; names such as `FreadDir & FreadSeek` have no entry and stay). */
export function rowLabel(t: Translate, table: string, label: string): string {
  if (t.lang === 'en') return label;
  const model = modelOfTable(t, table);
  return model ? modelText(t, `${model}.row.${maskNumbers(label)}`, label) : label;
}

export function tableNote(t: Translate, table: string, note: string): string {
  if (t.lang === 'en') return note;
  const model = modelOfTable(t, table);
  return model ? modelText(t, `${model}.note.${textKey(note)}`, note) : note;
}

/**
 * A cited source's own words after its paper's citation (compare.ts's `citeSource`):
 * `S. Sieler, “MPE/iX and Performance: Not Incompatible”, §1.3 and Postscript` →
 * the citation (a name, kept) and `§1.3 and Postscript` (translated, `source.<words>`).
 */
export function sourceWords(source: string): { citation: string; words: string } | undefined {
  for (const p of PAPERS) {
    const citation = `${p.authors}, “${p.title}”, `;
    if (source.startsWith(citation) && source.length > citation.length)
      return { citation, words: source.slice(citation.length) };
  }
  return undefined;
}

/** A table's cited source in the page's words: the citation kept, the words after it translated. */
export function tableSource(t: Translate, table: string, source: string): string {
  if (t.lang === 'en') return source;
  const model = modelOfTable(t, table);
  const parts = sourceWords(source);
  if (!model || !parts) return source;
  return `${parts.citation}${modelText(t, `${model}.source.${maskNumbers(parts.words)}`, parts.words)}`;
}
