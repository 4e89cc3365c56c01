import { useId, useState, type FormEvent } from 'react';
import { classApi } from '../../class/client';
import { addressShare, LIMITS, type Removal, type Seat } from '../../class/protocol';

/** A network address as the teacher reads it: this laptop's own is "this computer". */
const addressWords = (a: string) =>
  a === '' ? 'unknown' : /^(127\.|::1$)/.test(a) ? `this computer (${a})` : a;

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, {
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
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = (which: Removal, confirmText: string) => {
    if (!window.confirm(confirmText)) return;
    void run(async () => {
      const { removed } = await classApi.remove(code, teacherKey, which);
      return `Removed ${removed.length} student${removed.length === 1 ? '' : 's'}.`;
    });
  };
  const setSize = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(wanted);
    if (!Number.isInteger(n) || n < 1 || n > LIMITS.students) {
      setMessage(`The class size is a whole number from 1 to ${LIMITS.students}.`);
      return;
    }
    void run(async () => {
      const set = await classApi.setSize(code, teacherKey, n);
      return `Up to ${set.size} students may join, at most ${set.addressShare} from one network address.`;
    });
  };

  return (
    <details className="class-roster" data-testid="class-roster">
      <summary>
        Who joined ({students.length}
        {size !== null ? ` of ${size}` : ''})
      </summary>
      <form className="class-size" onSubmit={setSize}>
        <label htmlFor={sizeId}>Class size</label>
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
          Set
        </button>
        <span className="calm-note">
          {size !== null &&
            ` One network address may hold ${addressShare(size)} of ${size} seats. A room that reaches this server through one address (a school's NAT) needs a size a third above its number; set the size to the number who joined to let no one else in.`}
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
  const byAddress = new Map<string, number>();
  for (const s of students) byAddress.set(s.address, (byAddress.get(s.address) ?? 0) + 1);
  const crowded = [...byAddress].filter(([a, n]) => a !== '' && n >= 5).sort((x, y) => y[1] - x[1]);
  const minuteAgo = new Date(Date.now() - 60_000).toISOString();
  const recent = students.filter((s) => s.joinedAt >= minuteAgo).length;
  if (crowded.length === 0 && recent === 0) return null;
  return (
    <p className="class-flood" role="group" aria-label="Remove many at once">
      {crowded.map(([address, n]) => (
        <button
          key={address}
          type="button"
          disabled={busy}
          onClick={() =>
            remove(
              { address },
              `Remove the ${n} students who joined from ${addressWords(address)}, with their answers, and let no one join from it again?`,
            )
          }
        >
          Remove the {n} from {addressWords(address)}
        </button>
      ))}
      {recent > 0 && (
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            remove(
              { joinedAfter: minuteAgo },
              `Remove the ${recent} students who joined in the last minute, with their answers?`,
            )
          }
        >
          Remove the {recent} who joined in the last minute
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
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Joined</th>
          <th scope="col">From</th>
          <th scope="col">Answered</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {students.map((s) => (
          <tr key={s.studentId}>
            <td className="class-roster-name">{nameOf(s)}</td>
            <td>{time(s.joinedAt)}</td>
            <td>{addressWords(s.address)}</td>
            <td>{answered(s.studentId) ? '✓' : ''}</td>
            <td>
              <button
                type="button"
                disabled={busy}
                aria-label={`Remove ${nameOf(s)}`}
                onClick={() =>
                  remove({ studentIds: [s.studentId] }, `Remove ${nameOf(s)} and their answers?`)
                }
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
