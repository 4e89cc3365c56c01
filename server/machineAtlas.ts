/**
 * The class atlas's routes (src/machine/atlas.ts): a student sends their machine-ledger
 * entries (opt-in; the room sees no names), the teacher's board reads the room's distribution
 * per claim, shown per quantity only once ATLAS_MINIMUM students have sent it. Stored in the
 * class store beside the answers (table machine_entries), exported with them.
 *
 *   PUT /api/classes/:code/machine        Authorization: Bearer <token>   { entries: [...] }
 *   GET /api/classes/:code/machine/atlas  X-Teacher-Key                    → Atlas
 */
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import type { ClassState } from '../src/class/protocol.ts';
import { ATLAS_MAX_ENTRIES, atlasOf } from '../src/machine/atlas.ts';
import type { Store } from './store.ts';

const positive = v.pipe(v.number(), v.finite(), v.minValue(Number.MIN_VALUE));
const Entry = v.strictObject({
  claim: v.picklist(['memory', 'crossBoundary', 'cothreads', 'directory']),
  quantity: v.pipe(v.string(), v.regex(/^[A-Za-z]{1,40}(@\d{1,12})?$/)),
  unit: v.pipe(v.string(), v.maxLength(8)),
  predicted: positive,
  lo: positive,
  hi: positive,
  measured: positive,
  inside: v.boolean(),
  modelVersion: v.pipe(v.string(), v.regex(/^[a-z]{1,20}-\d{1,4}$/)),
});
export const MachineBody = v.strictObject({
  entries: v.pipe(v.array(Entry), v.minLength(1), v.maxLength(ATLAS_MAX_ENTRIES)),
});

export interface AtlasDeps {
  store: Store;
  classOf(c: Context): Promise<ClassState>;
  studentOf(
    c: Context,
    state: ClassState,
  ): Promise<{ student: { studentId: string }; token: string }>;
  asTeacher(c: Context, state: ClassState): Promise<string>;
  body<T extends v.GenericSchema>(c: Context, schema: T): Promise<v.InferOutput<T>>;
  /** The per-student rate limit (throws a 429 refusal). */
  limitStudent(token: string): void;
}

export function registerMachineAtlas(app: Hono, d: AtlasDeps): void {
  app.put('/api/classes/:code/machine', async (c) => {
    const state = await d.classOf(c);
    const { student, token } = await d.studentOf(c, state);
    d.limitStudent(token);
    const { entries } = await d.body(c, MachineBody);
    await d.store.putMachineEntries(state.code, student.studentId, entries);
    return c.json({ stored: entries.length });
  });
  app.get('/api/classes/:code/machine/atlas', async (c) => {
    const state = await d.classOf(c);
    await d.asTeacher(c, state);
    return c.json(atlasOf(await d.store.machineEntries(state.code)));
  });
}
