/**
 * The class atlas on the real class server process (server/main.ts, PGlite on disc): six
 * students send their machine-ledger entries; the board's atlas names no one and shows a
 * quantity only once five students have sent it; a student's new send replaces the old; bad
 * sends are refused with a reason; the export carries the entries beside the answers.
 */
import { describe, expect, it } from 'vitest';
import type { Joined } from '../../src/class/protocol';
import {
  atlasEntriesOf,
  ATLAS_MINIMUM,
  type Atlas,
  type AtlasEntry,
} from '../../src/machine/atlas';
import { draft } from '../../src/machine/interval';
import { Ledger, MemoryStore } from '../../src/machine/ledger';
import { classApi, over } from './class-helpers';
import { classServers } from './class-process';

const { dir, started } = classServers('class-machine-');

/** A student's ledger: two claims predicted and measured (values are the student's own). */
async function entriesOf(k: number): Promise<AtlasEntry[]> {
  const ledger = new Ledger(new MemoryStore(), {
    build: 't',
    machine: {
      hardwareConcurrency: 4 + k,
      brands: [],
      userAgent: 'test',
      deviceMemory: null,
      crossOriginIsolated: true,
    },
    now: () => 'T',
  });
  const d = (quantity: string, value: number) =>
    draft({ quantity, label: quantity, unit: 'ms', value, spreadSd: 0.1, modelSd: 0.1 });
  const s = await ledger.predict('r', 'crossBoundary', 'cross-1', {}, [
    d('rpc@2048', 50 + k),
    d('sm@2048', 20 + k),
  ]);
  await ledger.measure(s, { 'rpc@2048': 52 + k, 'sm@2048': 90 + k });
  const t = await ledger.predict('r2', 'directory', 'directory-1', {}, [d('sortedBinary', 30)]);
  await ledger.measure(t, { sortedBinary: 31 + k });
  return atlasEntriesOf(ledger.all());
}

describe('the class atlas', () => {
  it('shows the room’s machines per quantity once five have sent, and exports them', async () => {
    const { url } = await started(dir('atlas'));
    const room = classApi(over(url));
    /** A reply's status and body. */
    const read = async <T>(pending: Response | Promise<Response>) => {
      const res = await pending;
      return { status: res.status, body: (await res.json()) as T };
    };
    const c = await room.newClass();
    const students: Joined[] = [];
    for (let i = 0; i < 6; i++) students.push(await room.join(c));
    const send = (s: Joined | null, body: unknown) =>
      read<{ stored?: number; error?: string }>(
        room.send('PUT', `/api/classes/${c.code}/machine`, body, {
          Authorization: `Bearer ${s?.token ?? ''}`,
        }),
      );
    const atlas = async () => {
      const res = await read<Atlas>(
        room.send('GET', `/api/classes/${c.code}/machine/atlas`, undefined, {
          'X-Teacher-Key': c.teacherKey,
        }),
      );
      expect(res.status).toBe(200);
      return res.body;
    };

    expect(ATLAS_MINIMUM).toBe(5);
    expect((await atlas()).quantities).toEqual([]);
    for (let i = 0; i < 4; i++) {
      const r = await send(students[i]!, { entries: await entriesOf(i) });
      expect(r.status).toBe(200);
      expect(r.body.stored).toBe(3);
    }
    // Four: counted, nothing else.
    let a = await atlas();
    expect(a.students).toBe(4);
    expect(a.quantities).toHaveLength(3);
    for (const q of a.quantities) {
      expect(q).toEqual({
        claim: q.claim,
        quantity: q.quantity,
        unit: 'ms',
        answered: 4,
        shown: false,
      });
    }
    // A student's second send replaces the first: still four.
    expect((await send(students[0]!, { entries: await entriesOf(0) })).status).toBe(200);
    expect((await atlas()).students).toBe(4);

    // The fifth: shown. The sixth sends one quantity only: it alone has six.
    expect((await send(students[4]!, { entries: await entriesOf(4) })).status).toBe(200);
    const sixth = (await entriesOf(5)).filter((e) => e.quantity === 'sortedBinary');
    expect((await send(students[5]!, { entries: sixth })).status).toBe(200);
    a = await atlas();
    expect(a.students).toBe(6);
    const binary = a.quantities.find((q) => q.quantity === 'sortedBinary')!;
    expect(binary.answered).toBe(6);
    expect(binary.shown).toBe(true);
    expect(binary.measured!.min).toBeLessThanOrEqual(binary.measured!.median);
    expect(binary.measured!.median).toBeLessThanOrEqual(binary.measured!.max);
    expect(binary.measured!.min).toBe(31);
    expect(binary.measured!.max).toBe(36);
    const rpc = a.quantities.find((q) => q.quantity === 'rpc@2048')!;
    expect(rpc).toMatchObject({ answered: 5, shown: true });
    expect(JSON.stringify(a)).not.toMatch(/studentId|token/);

    // Refusals: no token, a bad entry, an empty send, the board without the key.
    expect((await send(null, { entries: sixth })).status).toBe(401);
    const bad = await send(students[1]!, { entries: [{ ...sixth[0]!, measured: -1 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBeTruthy();
    expect((await send(students[1]!, { entries: [] })).status).toBe(400);
    expect(
      (
        await room.send('GET', `/api/classes/${c.code}/machine/atlas`, undefined, {
          'X-Teacher-Key': 'nope',
        })
      ).status,
    ).toBe(403);
    // The refused sends changed nothing.
    expect(await atlas()).toEqual(a);

    // Exported with the answers.
    const out = await read<{ machine: (AtlasEntry & { studentId: string })[] }>(room.exported(c));
    expect(out.status).toBe(200);
    expect(out.body.machine).toHaveLength(5 * 3 + 1);
    expect(new Set(out.body.machine.map((m) => m.studentId))).toEqual(
      new Set(students.map((s) => s.studentId)),
    );
  });
});
