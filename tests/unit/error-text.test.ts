/**
 * A worker's or its client's sentence that ends a run reaches the page (issue #35): in Spanish
 * it is said from the catalogue (src/i18n/errorSentences.ts, src/views/errorText.ts). Every sentence written in those
 * sources must be one the page knows, so a new one cannot stay English unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import { errorSaid } from '../../src/i18n/errorSentences';
import { errorText } from '../../src/views/errorText';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
const models = readdirSync(new URL('src/models/', ROOT), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** A model's own workers (its `workers/` folder), as `workers/<file>`. */
function workersOf(m: string): string[] {
  try {
    return readdirSync(new URL(`src/models/${m}/workers/`, ROOT))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `workers/${f}`);
  } catch {
    return [];
  }
}
const SOURCES = [
  'src/state/workerClient.ts',
  'src/state/labClient.ts',
  'src/state/mapClient.ts',
  ...readdirSync(new URL('workers/', ROOT))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `workers/${f}`),
  ...models.flatMap((m) =>
    ['live.ts', 'view/liveWorkers.ts', ...workersOf(m)]
      .map((f) => `src/models/${m}/${f}`)
      .filter((f) => {
        try {
          return read(f) !== '';
        } catch {
          return false;
        }
      }),
  ),
];

/** Each error sentence written in a source, its `${…}` parts as a sample value (`7`). */
function sentences(source: string): string[] {
  const found: string[] = [];
  const call = /(?:new \w*Error\(|\bfail\()\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const m of source.matchAll(call)) found.push(m[2]!.replace(/\$\{[^}]*\}/g, '7'));
  return found;
}

const ALL = SOURCES.flatMap((f) => sentences(read(f)).map((s) => ({ file: f, s })));

describe('a run’s error sentences', () => {
  it('are found in the sources (so the check below can fail)', () => {
    expect(ALL.length).toBeGreaterThan(10);
    expect(ALL.map((a) => a.s)).toContain('The 7 worker sent a message that could not be read.');
  });

  it('are each one the page knows', () => {
    expect(ALL.filter((a) => errorSaid(a.s) === null)).toEqual([]);
  });

  it('are said in English as written, and in Spanish from the catalogue', async () => {
    await loadCatalogue('es');
    const en = translator('en');
    const es = translator('es');
    for (const { s } of ALL) expect(errorText(en, s)).toBe(s);
    const same = ALL.filter(({ s }) => {
      const said = errorText(es, s);
      return said === s || said.startsWith('workerError.');
    });
    expect(same).toEqual([]);
    expect(
      errorText(
        es,
        'The tables worker did not answer within 60 s; it was stopped and will be restarted.',
      ),
    ).toBe('El worker «tables» no respondió en 60 s; se detuvo y se reiniciará.');
    // A sentence the page does not know stays as it is.
    expect(errorText(es, 'Something else.')).toBe('Something else.');
  });
});
