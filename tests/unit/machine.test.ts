/**
 * Your machine (src/machine): calibration → prediction → measurement → ledger, in Node at
 * the smallest sizes, for every claim. Values are this machine's and never asserted: the
 * tests check structure and order — a prediction is stored, with a lower sequence number,
 * before its measurement; every interval is positive and brackets its prediction; the
 * ledger survives its JSON and CSV exports.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  cothreadsClaim,
  crossBoundaryClaim,
  directoryClaim,
  memoryClaim,
  type ClaimDef,
} from '../../src/machine/claims';
import {
  Ledger,
  LEDGER_CSV_COLUMNS,
  ledgerCsv,
  ledgerJson,
  MemoryStore,
  parseLedgerJson,
  scoreOf,
  type LedgerEntry,
} from '../../src/machine/ledger';
import { runClaim } from '../../src/machine/run';
import { draft } from '../../src/machine/interval';
import {
  nodeCothreadEnv,
  nodeMachineReport,
  nodeTransportEnv,
} from '../../scripts/lib/machine-node';
import { readCsv } from '../readCsv';
import { message } from '../../src/i18n/catalog';
import '../../src/i18n/pageMessages';

const cothreadEnv = await nodeCothreadEnv(['compute', 'memory'], 2);
afterAll(() => cothreadEnv.close());

const ledgerOf = (store = new MemoryStore()) =>
  new Ledger(store, { build: 'test', machine: nodeMachineReport(), now: () => 'T' });

function checkEntries(entries: readonly LedgerEntry[]) {
  for (const e of entries) {
    expect(e.predicted.lo).toBeGreaterThan(0);
    expect(e.predicted.lo).toBeLessThanOrEqual(e.predicted.value);
    expect(e.predicted.hi).toBeGreaterThanOrEqual(e.predicted.value);
    expect(e.predicted.hi).toBeGreaterThan(e.predicted.lo);
    if (e.measured) {
      expect(e.measured.seq).toBeGreaterThan(e.predicted.seq);
      expect(e.measured.value).toBeGreaterThan(0);
      expect(e.inside).toBe(
        e.measured.value >= e.predicted.lo && e.measured.value <= e.predicted.hi,
      );
    }
  }
}

const cases: [string, ClaimDef<never>, () => unknown][] = [
  ['memory', memoryClaim as ClaimDef<never>, () => ({})],
  ['directory', directoryClaim as ClaimDef<never>, () => ({})],
  ['crossBoundary', crossBoundaryClaim as ClaimDef<never>, () => nodeTransportEnv()],
  ['cothreads', cothreadsClaim as ClaimDef<never>, () => cothreadEnv],
];

describe('each claim: calibrate, predict (stored first), measure, ledger', () => {
  for (const [name, def, env] of cases)
    it(
      name,
      async () => {
        const store = new MemoryStore();
        const ledger = ledgerOf(store);
        const phases: string[] = [];
        let storedAtPrediction: LedgerEntry[] = [];
        const result = await runClaim(def, env() as never, ledger, 'r1', 'test', {
          onPhase: (p) => phases.push(p),
          onPredicted: async (entries) => {
            // The store already holds every prediction, and no measurement, when it is shown.
            storedAtPrediction = await store.load();
            expect(storedAtPrediction.map((e) => e.id).sort()).toEqual(
              entries.map((e) => e.id).sort(),
            );
            expect(storedAtPrediction.every((e) => e.measured === null)).toBe(true);
          },
        });
        expect(phases).toEqual(['calibrating', 'predicted', 'measuring', 'done']);
        expect(result.predictions.length).toBeGreaterThan(0);
        expect(storedAtPrediction.length).toBe(result.predictions.length);
        const all = ledger.all();
        checkEntries(all);
        expect(all.filter((e) => e.measured).length).toBeGreaterThan(0);
        // Every prediction's number is below every measurement's: all stored before measuring.
        const lastPrediction = Math.max(...all.map((e) => e.predicted.seq));
        const firstMeasurement = Math.min(
          ...all.flatMap((e) => (e.measured ? [e.measured.seq] : [])),
        );
        expect(firstMeasurement).toBeGreaterThan(lastPrediction);
        expect(result.outcome.here.length).toBeGreaterThan(0);
        expect(result.outcome.paper.length).toBeGreaterThan(0);
        for (const c of Object.values(result.calibration.constants))
          expect(Number.isFinite(c)).toBe(true);
      },
      120_000,
    );
});

describe('the ledger', () => {
  const d = draft({
    quantity: 'q',
    label: 'a, "quoted" =label',
    unit: 'ns',
    value: 10,
    spreadSd: 0.1,
    modelSd: 0.2,
  });

  it('refuses a measurement whose prediction was not stored', async () => {
    const ledger = ledgerOf();
    const fake = {
      entries: [{ ...(await ledgerOf().predict('x', 'memory', 'v', {}, [d])).entries[0]! }],
    };
    await expect(ledger.measure(fake, { q: 10 })).rejects.toThrow(/no stored prediction/);
  });

  it('refuses an interval that does not bracket its prediction', async () => {
    await expect(ledgerOf().predict('x', 'memory', 'v', {}, [{ ...d, lo: 11 }])).rejects.toThrow(
      /no valid interval/,
    );
  });

  it('keeps counting after a reload, and scores inside and open entries', async () => {
    const store = new MemoryStore();
    const a = ledgerOf(store);
    const s1 = await a.predict('r1', 'memory', 'v', {}, [
      d,
      { ...d, quantity: 'q2' },
      { ...d, quantity: 'q3' },
    ]);
    await a.measure(s1, { q: d.value, q2: d.hi * 2 });
    const b = ledgerOf(store);
    await b.load();
    const s2 = await b.predict('r2', 'memory', 'v', {}, [d]);
    expect(s2.entries[0]!.predicted.seq).toBeGreaterThan(
      Math.max(...a.all().flatMap((e) => [e.predicted.seq, e.measured?.seq ?? 0])),
    );
    expect(b.score()).toEqual({ inside: 1, measured: 2, open: 2 });
    // What the page says of it (machine.score, the message MachinePage shows).
    expect(message('en', 'machine.score', { ...b.score() })).toBe(
      'this machine: 1 of 2 predictions inside their 95 % interval (2 not measured)',
    );
  });

  it('round-trips through its JSON and CSV exports', async () => {
    const ledger = ledgerOf();
    const s = await ledger.predict('r', 'directory', 'v', { k: 1 }, [d, { ...d, quantity: 'z' }]);
    await ledger.measure(s, { q: 9 });
    const entries = ledger.all();
    expect(parseLedgerJson(ledgerJson(entries))).toEqual(entries);
    expect(() => parseLedgerJson('{}')).toThrow(/not a Latency Lab ledger/);
    const csv = ledgerCsv(entries);
    // Every field quoted.
    for (const line of csv.trimEnd().split('\r\n')) expect(line.startsWith('"')).toBe(true);
    const rows = readCsv(csv);
    expect(rows[0]).toEqual([...LEDGER_CSV_COLUMNS]);
    expect(rows.length).toBe(entries.length + 1);
    const col = (name: string) => LEDGER_CSV_COLUMNS.indexOf(name as never);
    rows.slice(1).forEach((r, i) => {
      const e = entries[i]!;
      expect(r[col('id')]).toBe(e.id);
      expect(r[col('label')]).toBe(e.label);
      expect(Number(r[col('predicted')])).toBe(e.predicted.value);
      expect(Number(r[col('interval_lo')])).toBe(e.predicted.lo);
      expect(r[col('measured')]).toBe(e.measured ? String(e.measured.value) : '');
    });
    expect(scoreOf(entries)).toEqual(ledger.score());
  });
});
