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
import { errorText } from '../../src/i18n/errorText';

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
    ).toBe('El worker «tablas» no respondió en 60 s; se detuvo y se reiniciará.');
    // The browser's own words for a refused fetch, and a file the server answered with an error.
    expect(errorText(es, 'Failed to fetch')).toBe('No se pudo descargar');
    expect(errorText(es, 'HTTP 503')).toBe('el servidor respondió HTTP 503');
    // A sentence the page does not know stays as it is.
    expect(errorText(es, 'Something else.')).toBe('Something else.');
  });

  it('name each worker in Spanish, in every source that names one', async () => {
    await loadCatalogue('es');
    const es = translator('es');
    // A WorkerClient's or a pool's `name` (its options), a live run's (useLiveRun's `name`).
    const files = [
      'src/state/labClient.ts',
      'src/state/mapClient.ts',
      'src/state/linkParse.ts',
      'src/views/machine/hosts.ts',
      ...models.flatMap((m) =>
        ['view/liveWorkers.ts', 'view/LivePanel.tsx', 'view/MemoryLivePanel.tsx']
          .concat(['view/LongRunPanel.tsx', 'view/TraceFilePanel.tsx'])
          .map((f) => `src/models/${m}/${f}`),
      ),
    ].filter((f) => {
      try {
        return read(f) !== '';
      } catch {
        return false;
      }
    });
    const names = files.flatMap((f) =>
      [...read(f).matchAll(/\{\s*name: (['`])([^'`]+)\1,?\s*(?:timeoutMs|cancelGraceMs|\})/g)].map(
        // A part of the name as a sample: the shared-memory worker's role, a job's number.
        (m) => m[2]!.replace('${role}', 'client').replace(/\$\{[^}]*\}/g, '7'),
      ),
    );
    const channels = ['tables', 'charts', 'trace', 'pinned', 'lesson'];
    expect(names).toContain('your machine');
    expect(names.length).toBeGreaterThan(9);
    const english = [...names, ...channels].filter((name) => {
      const said = errorText(es, `The ${name} worker failed: it could not be loaded`);
      return said.includes(`«${name}»`);
    });
    expect(english).toEqual([]);
    expect(errorText(es, 'The cothread job 2 worker failed: x')).toBe(
      'Falló el worker «trabajo cothread 2»: x',
    );
  });
});
