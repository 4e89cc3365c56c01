/**
 * The class atlas on the teacher's board: the room's machines as a distribution per claim
 * (src/machine/atlas.ts), fetched on request. A quantity is shown only once five students
 * have sent it; before that, only how many have.
 */
import { useState } from 'react';
import type { Atlas } from '../../machine/atlas';

const num = (x: number) =>
  Number(x.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });

export function MachineAtlasPanel({ code, teacherKey }: { code: string; teacherKey: string }) {
  const [atlas, setAtlas] = useState<Atlas | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | string>('idle');
  async function load() {
    setState('loading');
    try {
      const res = await fetch(
        new URL(`./api/classes/${encodeURIComponent(code)}/machine/atlas`, document.baseURI),
        {
          cache: 'no-store',
          headers: { 'X-Teacher-Key': teacherKey },
        },
      );
      const body = (await res.json()) as Atlas & { error?: string };
      if (!res.ok) throw new Error(body.error ?? `The server answered ${res.status}.`);
      setAtlas(body);
      setState('idle');
    } catch (e) {
      setState(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <section aria-labelledby="class-atlas" data-testid="class-atlas">
      <h2 id="class-atlas">The room’s machines (your machine, per claim)</h2>
      <p>
        Students may send their “Your machine” ledger from that page. Each quantity is shown once{' '}
        {atlas?.minimum ?? 5} students have sent it.
      </p>
      <button type="button" onClick={() => void load()} data-testid="class-atlas-load">
        {atlas ? 'Refresh' : 'Show the room’s machines'}
      </button>
      {state === 'loading' && <span role="status"> Loading…</span>}
      {state !== 'idle' && state !== 'loading' && (
        <p role="alert" className="error-box">
          {state}
        </p>
      )}
      {atlas && (
        <table data-testid="class-atlas-table" data-students={atlas.students}>
          <caption>{atlas.students} students sent their ledger</caption>
          <thead>
            <tr>
              <th scope="col">Claim / quantity</th>
              <th scope="col">Sent by</th>
              <th scope="col">Measured: median [quartiles] (range)</th>
              <th scope="col">Inside their own interval</th>
            </tr>
          </thead>
          <tbody>
            {atlas.quantities.map((q) => (
              <tr key={`${q.claim}/${q.quantity}`} data-shown={q.shown}>
                <th scope="row">
                  {q.claim} / {q.quantity}
                </th>
                <td>{q.answered}</td>
                <td>
                  {q.shown && q.measured
                    ? `${num(q.measured.median)} ${q.unit} [${num(q.measured.q1)}–${num(q.measured.q3)}] (${num(q.measured.min)}–${num(q.measured.max)})`
                    : `waiting for ${atlas.minimum}`}
                </td>
                <td>{q.shown ? `${q.inside} of ${q.answered}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
