import { describe, expect, it } from 'vitest';
import { evaluateTables } from '../../src/compare/compare';
import { fileAccessModel } from '../../src/models/file-access';
import { MODEL_INFOS } from '../../src/models/registry';
import { parsePermalink, presetScenario, serializeScenario } from '../../src/scenario';
import { CSV_HEADER, csvField, readable, run } from '../../scripts/explore';
import { readCsv } from '../readCsv';
import { cli } from './spawn-explore';

/** The CLI as a user runs it: a real process, so exit codes, stdout and stderr are real. */

const SPAWN = { timeout: 240_000 };
const SL_ROWS = ['Memory Mapped', 'FreadDir', 'Fread', 'FreadDir & FreadSeek', 'Fread & FreadSeek'];
const slLink = serializeScenario(presetScenario(fileAccessModel, 'mpe-sl-seq'));

describe('explore CLI (spawned)', () => {
  it('--list: every preset of every model, with a link that parses cleanly', SPAWN, () => {
    const r = cli(['--list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const list = JSON.parse(r.stdout) as { id: string; title: string; permalink: string }[];
    const ids = list.map((e) => e.id);
    for (const id of ['mpe-sl-seq', 'mpe-catalog-resident', 'mpe-nl-seq', 'mpe-sl-postscript']) {
      expect(ids).toContain(id);
    }
    expect(list).toHaveLength(MODEL_INFOS.reduce((n, m) => n + m.presets.length, 0));
    for (const e of list) {
      expect(Object.keys(e).sort()).toEqual(['id', 'permalink', 'title']);
      expect(parsePermalink(e.permalink).problems).toEqual([]);
    }
  });

  it(
    'JSON for the SL preset, given as a full URL: the documented shape, full precision',
    SPAWN,
    () => {
      const r = cli([`http://127.0.0.1:5173/latency-lab/${slLink}`]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      const out = JSON.parse(r.stdout);
      expect(Object.keys(out)).toEqual(['permalink', 'model', 'modelVersion', 'params', 'tables']);
      const scenario = presetScenario(fileAccessModel, 'mpe-sl-seq');
      expect(out.permalink).toBe(slLink);
      expect(out.model).toBe('file-access');
      expect(out.modelVersion).toBe(fileAccessModel.version);
      expect(out.params).toEqual(scenario.params);
      const table = out.tables[0];
      expect(Object.keys(table)).toEqual([
        'id',
        'title',
        'source',
        'columns',
        'rows',
        'summary',
        'modelOnly',
        'notes',
        'intervalLevel',
        'coverage',
      ]);
      expect(table.intervalLevel).toBe(0.95);
      expect(table.coverage.cells).toBe(15);
      expect(table.id).toBe('mpe-sl-seq');
      expect(table.columns.map((c: { key: string }) => c.key)).toEqual([
        'cpu_ms',
        'elapsed_ms',
        'delta_ms',
      ]);
      for (const c of table.columns) expect(Object.keys(c)).toEqual(['key', 'label', 'unit']);
      expect(table.rows.map((row: { label: string }) => row.label)).toEqual(SL_ROWS);
      for (const row of table.rows) {
        // `short`: the run's short name (the projector's), only where the model declares one.
        if ('short' in row) expect(row.short.length).toBeLessThan(row.label.length);
        expect(Object.keys(row).filter((k) => k !== 'short')).toEqual([
          'label',
          'model',
          'paper',
          'errorPct',
          'prediction',
          'intervals',
          'intervalParts',
          'confidence',
        ]);
        expect(row.paper).not.toBeNull();
        expect(row.prediction).toBe(false);
        for (const key of ['cpu_ms', 'elapsed_ms', 'delta_ms']) {
          const [lo, hi] = row.intervals[key];
          expect(lo).toBeLessThanOrEqual(row.model[key]);
          expect(hi).toBeGreaterThan(row.model[key]);
        }
      }
      // The same numbers as evaluating in this process: nothing rounded away.
      const expected = evaluateTables(fileAccessModel, scenario.params);
      expect(out.tables).toEqual(JSON.parse(JSON.stringify(expected.tables)));
    },
  );

  it('md for the NL table: every row out of sample, beside the paper’s values', SPAWN, () => {
    const r = cli(['#/file-access?table=mpe-nl-seq', '--format', 'md']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const nl = evaluateTables(
      fileAccessModel,
      presetScenario(fileAccessModel, 'mpe-nl-seq').params,
    );
    const table = nl.tables[0];
    expect(r.stdout).toContain(`### ${table?.title}`);
    expect(r.stdout).toContain('| Row | CPU model (ms) | CPU paper (ms) | err % |');
    for (const label of SL_ROWS) {
      expect(r.stdout).toMatch(
        new RegExp(
          `^\\| ${label} \\(prediction\\) \\| [\\d,.]+ \\([\\d,.]+–[\\d,.]+\\) \\| [\\d,]+ \\| [+-][\\d.]+ \\|`,
          'm',
        ),
      );
    }
    expect(r.stdout).toMatch(
      /Every row is out of sample\. Out of sample \(predicted, never fitted\): median \|error\| [\d.]+ % over 15 cells/,
    );
  });

  it('csv for the SL preset (from /#/): long format, one line per cell', SPAWN, () => {
    const r = cli([slLink, '--format=csv']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const records = readCsv(r.stdout);
    expect(records[0]?.join(',')).toBe(CSV_HEADER);
    const tables = evaluateTables(
      fileAccessModel,
      presetScenario(fileAccessModel, 'mpe-sl-seq').params,
    ).tables;
    const cells = tables.reduce((n, t) => n + t.rows.length * t.columns.length, 0);
    expect(records).toHaveLength(1 + cells);
    for (const rec of records) expect(rec).toHaveLength(11);
    const first = tables[0];
    const row = first?.rows[0];
    expect(records[1]).toEqual([
      'mpe-sl-seq',
      'Memory Mapped',
      'cpu_ms',
      'ms',
      String(readable(row?.model['cpu_ms'])),
      String(row?.paper?.['cpu_ms']),
      expect.stringMatching(/^-?\d+(\.\d)?$/),
      'false',
      String(readable(row?.intervals?.['cpu_ms']?.[0]) ?? ''),
      String(readable(row?.intervals?.['cpu_ms']?.[1]) ?? ''),
      '',
    ]);
  });

  it(
    'a bad value: exit 2, one stderr line naming the param and its range, nothing on stdout',
    SPAWN,
    () => {
      const r = cli(['/#/file-access?records=abc']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.split('\n').filter((l) => l !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('records');
      expect(lines[0]).toContain('1–2,000,000 records');
      expect(r.stderr).not.toMatch(/^\s+at /m);
    },
  );

  it('an unknown model: exit 2, one line listing the known ones', SPAWN, () => {
    const r = cli(['#/no-such-model?x=1']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      `unknown model 'no-such-model' — known: ${MODEL_INFOS.map((m) => m.id).join(', ')}.`,
    ]);
  });
});

describe('explore CLI (in process)', () => {
  const oneLineError = async (argv: string[], ...says: string[]) => {
    const r = await run(argv);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd()).not.toContain('\n');
    for (const s of says) expect(r.stderr).toContain(s);
  };

  it('argument errors exit 2 with one line', async () => {
    await oneLineError(['--frobnicate'], "unknown option '--frobnicate'");
    await oneLineError(['#/file-access', '--format', 'xml'], "'xml' is not a format");
    await oneLineError(['#/file-access', '--format'], '--format needs a value');
    await oneLineError([], 'missing permalink');
    await oneLineError(['#/file-access?a=1', '#/file-access?b=2'], 'one permalink at a time');
    await oneLineError(['#/'], 'not a model link');
    await oneLineError(['--list', '#/file-access'], '--list takes no permalink');
  });

  it('several problems: the first, and how many more', async () => {
    await oneLineError(
      ['#/file-access?seed=-1&records=abc&bogus=2'],
      'seed:',
      '0–2,147,483,647',
      '(+2 more)',
    );
  });

  it('a link made by an older model version is migrated and run, its notice on stderr', async () => {
    // Issue #20's reproducers are v2 links: they failed with exit 2 and no table.
    const old = '/#/file-access?table=mpe-sl-seq&discTransferMsPerPage=6.5&v=2';
    for (const format of ['md', 'json', 'csv']) {
      const r = await run([old, '--format', format]);
      expect(r.exitCode, format).toBe(0);
      expect(r.stdout, format).toContain('FreadDir');
      expect(r.stderr.trimEnd().split('\n'), format).toEqual([
        expect.stringMatching(
          /^explore: note: link made by version 2 .* version \d+ — results may differ/,
        ),
      ]);
    }
    const doc = JSON.parse((await run([old])).stdout) as { permalink: string };
    expect(doc.permalink).toContain(`&v=${fileAccessModel.version}`);
    expect(doc.permalink).not.toContain('discTransferMsPerPage');
    // --sensitivity reads the same link the same way (--map shares readLink too).
    expect((await run([old, '--sensitivity', '--format', 'md'])).exitCode).toBe(0);
    // Still errors: a newer version than this build knows, and any other problem beside it.
    await oneLineError(['/#/file-access?table=mpe-sl-seq&v=99'], 'version 99');
    await oneLineError(['/#/file-access?table=mpe-sl-seq&records=abc&v=2'], 'records');
  });

  it('JSON for the NL preset: the paper’s values, and prediction (out of sample) on every row', async () => {
    const r = await run(['#/file-access?table=mpe-nl-seq']);
    expect(r.exitCode).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.tables[0].id).toBe('mpe-nl-seq');
    expect(out.tables[0].rows.map((row: { label: string }) => row.label)).toEqual(SL_ROWS);
    for (const row of out.tables[0].rows) {
      expect(row.paper.elapsed_ms).toBeGreaterThan(0);
      expect(row.prediction).toBe(true);
    }
    expect(out.tables[0].summary).toBeNull();
    expect(out.tables[0].outOfSample.cells).toBe(15);
  });

  it('md for directory-search: the paper beside the model, and a model-only table alone', async () => {
    const r = await run(['#/directory-search?setup=vmsp-directory', '--format', 'md']);
    expect(r.exitCode).toBe(0);
    const [saving, search] = r.stdout.split('### ').slice(1);
    expect(saving).toContain('| Sorted directory |');
    expect(saving).toContain('276,912');
    expect(saving).toContain('Saving per search paper (µs)');
    expect(search).toContain('| Row | Average search (µs) | Slowest id (µs) |');
    expect(search).not.toContain('paper (');
    expect(search).toContain('Model output: the paper has no such table.');
  });

  it('--help lists every parameter with its range', async () => {
    const r = await run(['--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    for (const spec of fileAccessModel.params) expect(r.stdout).toContain(spec.key);
    expect(r.stdout).toContain('0–100,000 records');
  });

  it('csv fields are quoted per RFC 4180', async () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('readable rounds for csv and md only', async () => {
    expect(readable(146297.6)).toBe(146298);
    expect(readable(22.449)).toBe(22.4);
    expect(readable(0.0123456)).toBe(0.0123);
    expect(readable(-0.0001)).toBe(-0.0001);
    expect(readable(NaN)).toBeNull();
    expect(readable(null)).toBeNull();
  });
});
