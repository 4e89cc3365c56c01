/**
 * `explore … --machine file.json`: the CLI prints the predictions the page stores, from the
 * same calibrations and the same code; a bad file exits 2 with one line. The calibrations are
 * this machine's, measured here at the smallest size; values are never asserted, only that the
 * CLI's predictions are the page's.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/explore';
import { directoryClaim, memoryClaim } from '../../src/machine/claims';
import { crossBoundaryClaim } from '../../src/machine/claims';
import { Ledger, MemoryStore } from '../../src/machine/ledger';
import { machineFile, MACHINE_FILE_FORMAT } from '../../src/machine/machineFile';
import { runClaim } from '../../src/machine/run';
import type { Calibration } from '../../src/machine/types';
import { nodeMachineReport, nodeTransportEnv } from '../../scripts/lib/machine-node';

const dir = mkdtempSync(join(tmpdir(), 'machine-cli-'));
const file = (name: string, body: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};

let good = '';
let calibrations: Calibration[] = [];
let stored: { claim: string; quantity: string; value: number; lo: number; hi: number }[] = [];

beforeAll(async () => {
  const ledger = new Ledger(new MemoryStore(), { build: 't', machine: nodeMachineReport() });
  calibrations = [];
  for (const [def, env] of [
    [memoryClaim, {}],
    [directoryClaim, {}],
    [crossBoundaryClaim, nodeTransportEnv()],
  ] as const) {
    const r = await runClaim(def as never, env as never, ledger, 'r', 'test');
    calibrations.push(r.calibration);
  }
  stored = ledger.all().map((e) => ({ claim: e.claim, quantity: e.quantity, ...e.predicted }));
  good = file('good.json', machineFile('test', calibrations, nodeMachineReport()));
}, 120_000);

describe('explore --machine', () => {
  it('prints the predictions the ledger stored, from the same constants', async () => {
    const res = await run([`--machine`, good]);
    expect(res.exitCode).toBe(0);
    expect(res.stderr).toBe('');
    const out = JSON.parse(res.stdout) as {
      claim: string;
      predictions: { quantity: string; value: number; lo: number; hi: number }[];
    }[];
    expect(out.map((c) => c.claim)).toEqual(calibrations.map((c) => c.claim));
    const printed = out.flatMap((c) =>
      c.predictions.map((p) => ({
        claim: c.claim,
        quantity: p.quantity,
        value: p.value,
        lo: p.lo,
        hi: p.hi,
      })),
    );
    expect(printed).toEqual(
      stored.map(({ claim, quantity, value, lo, hi }) => ({ claim, quantity, value, lo, hi })),
    );
  });

  it('with a permalink, only that model’s claim; as markdown on request', async () => {
    const res = await run(['/#/directory-search', '--machine', good, '--format', 'md']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toContain('| quantity | predicted | 95 % interval |');
    expect(res.stdout).toContain('directory-1');
    expect(res.stdout).not.toContain('memory-1');
  });

  const bad: [string, () => string, RegExp][] = [
    ['a missing file', () => join(dir, 'nope.json'), /cannot read the machine file/],
    ['not JSON', () => file('a.json', '{'), /not JSON/],
    ['another format', () => file('b.json', { format: 'x' }), /format must be/],
    [
      'a calibration with a negative constant',
      () =>
        file('c.json', {
          format: MACHINE_FILE_FORMAT,
          size: 'test',
          calibrations: [
            {
              claim: 'directory',
              repeats: 2,
              elapsedMs: 1,
              constants: { nsPerInstruction: -1, unsortedLinearNs: 1, spreadSd: 0 },
            },
          ],
        }),
      /directory: constants/,
    ],
    [
      'an unknown claim',
      () =>
        file('d.json', {
          format: MACHINE_FILE_FORMAT,
          size: 'short',
          calibrations: [{ claim: 'disc', repeats: 1, elapsedMs: 1, constants: {} }],
        }),
      /unknown claim/,
    ],
  ];
  for (const [what, path, message] of bad)
    it(`exits 2 with one line for ${what}`, async () => {
      const res = await run(['--machine', path()]);
      expect(res.exitCode).toBe(2);
      expect(res.stdout).toBe('');
      expect(res.stderr).toMatch(message);
      expect(res.stderr.trimEnd().split('\n')).toHaveLength(1);
    });

  it('exits 2 for a link to a model without a machine claim', async () => {
    const res = await run(['/#/file-access', '--machine', good]);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toMatch(/no machine claim/);
  });
});
