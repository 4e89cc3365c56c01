/**
 * The class atlas on the teacher's board: the room's machines as a distribution per claim
 * (src/machine/atlas.ts), fetched on request. A quantity is shown only once five students
 * have sent it; before that, only how many have.
 */
import { useState } from 'react';
import type { Atlas } from '../../machine/atlas';
import { numberLocale } from '../../format';
import '../../i18n/parts/class';
import { useT } from '../../i18n/LangContext';
import { ClassProblem, problem, problemIn, problemOf } from '../../class/refusals';
import { said } from './words';

const num = (x: number) =>
  Number(x.toPrecision(3)).toLocaleString(numberLocale(), { maximumFractionDigits: 3 });

export function MachineAtlasPanel({ code, teacherKey }: { code: string; teacherKey: string }) {
  const t = useT();
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
      const body = (await res.json()) as Atlas;
      if (!res.ok)
        throw new ClassProblem(problemIn(body) ?? problem('refused', { status: res.status }));
      setAtlas(body);
      setState('idle');
    } catch (e) {
      setState(said(t, problemOf(e)));
    }
  }
  return (
    <section aria-labelledby="class-atlas" data-testid="class-atlas">
      <h2 id="class-atlas">{t('class.atlas.title')}</h2>
      <p>{t('class.atlas.lede', { n: atlas?.minimum ?? 5 })}</p>
      <button type="button" onClick={() => void load()} data-testid="class-atlas-load">
        {atlas ? t('class.atlas.refresh') : t('class.atlas.show')}
      </button>
      {state === 'loading' && <span role="status"> {t('common.loading')}</span>}
      {state !== 'idle' && state !== 'loading' && (
        <p role="alert" className="error-box">
          {state}
        </p>
      )}
      {atlas && (
        <table data-testid="class-atlas-table" data-students={atlas.students}>
          <caption>{t('class.atlas.caption', { n: atlas.students })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('class.atlas.claim')}</th>
              <th scope="col">{t('class.atlas.sentBy')}</th>
              <th scope="col">{t('class.atlas.measured')}</th>
              <th scope="col">{t('class.atlas.inside')}</th>
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
                    : t('class.atlas.waiting', { n: atlas.minimum })}
                </td>
                <td>{q.shown ? t('class.of', { n: q.inside, total: q.answered }) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
