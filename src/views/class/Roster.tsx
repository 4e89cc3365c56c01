import { useId, useState, type FormEvent } from 'react';
import { classApi } from '../../class/client';
import { addressShare, LIMITS, type Removal, type Seat } from '../../class/protocol';
import '../../i18n/parts/class';
import { useT, type Translate } from '../../i18n/LangContext';
import { problemOf } from '../../class/refusals';
import { dateLocale, said } from './words';

/** A network address as the teacher reads it: this laptop's own is "this computer". */
const addressWords = (t: Translate, a: string) =>
  a === ''
    ? t('class.roster.unknown')
    : /^(127\.|::1$)/.test(a)
      ? t('class.roster.thisComputer', { address: a })
      : a;

const time = (t: Translate, iso: string) =>
  new Date(iso).toLocaleTimeString(dateLocale(t.lang), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/**
 * Who joined, for the teacher: each student with when and from where, a button to remove one,
 * and, for a flood, one button to remove everyone of one address (which may then join no more)
 * or everyone who joined in the last minute. The class size is set here too.
 */
export function Roster({
  code,
  teacherKey,
  students,
  nameOf,
  size,
  answered,
}: {
  code: string;
  teacherKey: string;
  students: Seat[];
  /** The name the board shows (anonymised: "Student 7"). */
  nameOf: (s: Seat) => string;
  size: number | null;
  answered: (studentId: string) => boolean;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [wanted, setWanted] = useState('');
  const sizeId = useId();

  const run = async (what: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage(await what());
    } catch (e) {
      setMessage(said(t, problemOf(e)));
    } finally {
      setBusy(false);
    }
  };
  const remove = (which: Removal, confirmText: string) => {
    if (!window.confirm(confirmText)) return;
    void run(async () => {
      const { removed } = await classApi.remove(code, teacherKey, which);
      return t('class.roster.removed', { n: removed.length });
    });
  };
  const setSize = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(wanted);
    if (!Number.isInteger(n) || n < 1 || n > LIMITS.students) {
      setMessage(t('class.roster.sizeProblem', { max: LIMITS.students }));
      return;
    }
    void run(async () => {
      const set = await classApi.setSize(code, teacherKey, n);
      return t('class.roster.sizeSet', { size: set.size, share: set.addressShare });
    });
  };

  return (
    <details className="class-roster" data-testid="class-roster">
      <summary>
        {size !== null
          ? t('class.roster.whoOf', { n: students.length, size })
          : t('class.roster.who', { n: students.length })}
      </summary>
      <form className="class-size" onSubmit={setSize}>
        <label htmlFor={sizeId}>{t('class.roster.size')}</label>
        <input
          id={sizeId}
          type="number"
          min={1}
          max={LIMITS.students}
          inputMode="numeric"
          placeholder={size === null ? '' : String(size)}
          value={wanted}
          onChange={(e) => setWanted(e.target.value)}
          data-testid="class-size"
        />
        <button type="submit" disabled={busy}>
          {t('class.set')}
        </button>
        <span className="calm-note">
          {size !== null && ` ${t('class.roster.sizeNote', { share: addressShare(size), size })}`}
        </span>
      </form>
      <FloodButtons students={students} busy={busy} remove={remove} />
      {message && (
        <p role="status" data-testid="class-roster-message">
          {message}
        </p>
      )}
      <RosterTable
        students={students}
        nameOf={nameOf}
        answered={answered}
        busy={busy}
        remove={remove}
      />
    </details>
  );
}
/** For a flood: remove everyone of one crowded address, or everyone of the last minute. */
function FloodButtons({
  students,
  busy,
  remove,
}: {
  students: Seat[];
  busy: boolean;
  remove: (which: Removal, confirmText: string) => void;
}) {
  const t = useT();
  const byAddress = new Map<string, number>();
  for (const s of students) byAddress.set(s.address, (byAddress.get(s.address) ?? 0) + 1);
  const crowded = [...byAddress].filter(([a, n]) => a !== '' && n >= 5).sort((x, y) => y[1] - x[1]);
  const minuteAgo = new Date(Date.now() - 60_000).toISOString();
  const recent = students.filter((s) => s.joinedAt >= minuteAgo).length;
  if (crowded.length === 0 && recent === 0) return null;
  return (
    <p className="class-flood" role="group" aria-label={t('class.roster.many')}>
      {crowded.map(([address, n]) => (
        <button
          key={address}
          type="button"
          disabled={busy}
          onClick={() =>
            remove(
              { address },
              t('class.roster.removeAddressAsk', { n, address: addressWords(t, address) }),
            )
          }
        >
          {t('class.roster.removeAddress', { n, address: addressWords(t, address) })}
        </button>
      ))}
      {recent > 0 && (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            remove({ joinedAfter: minuteAgo }, t('class.roster.removeRecentAsk', { n: recent }))
          }
        >
          {t('class.roster.removeRecent', { n: recent })}
        </button>
      )}
    </p>
  );
}

/** Each student: name, when and from where they joined, whether they answered, and remove. */
function RosterTable({
  students,
  nameOf,
  answered,
  busy,
  remove,
}: {
  students: Seat[];
  nameOf: (s: Seat) => string;
  answered: (studentId: string) => boolean;
  busy: boolean;
  remove: (which: Removal, confirmText: string) => void;
}) {
  const t = useT();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">{t('class.roster.name')}</th>
          <th scope="col">{t('class.roster.joined')}</th>
          <th scope="col">{t('class.roster.from')}</th>
          <th scope="col">{t('class.roster.answered')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('class.roster.remove')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {students.map((s) => (
          <tr key={s.studentId}>
            <td className="class-roster-name">{nameOf(s)}</td>
            <td>{time(t, s.joinedAt)}</td>
            <td>{addressWords(t, s.address)}</td>
            <td>{answered(s.studentId) ? '✓' : ''}</td>
            <td>
              <button
                type="button"
                disabled={busy}
                aria-label={t('class.roster.removeOne', { name: nameOf(s) })}
                onClick={() =>
                  remove(
                    { studentIds: [s.studentId] },
                    t('class.roster.removeOneAsk', { name: nameOf(s) }),
                  )
                }
              >
                {t('class.roster.remove')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
