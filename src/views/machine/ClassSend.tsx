/**
 * Opt-in: a student in a class (this browser joined one on this class server) may send the
 * ledger's measured entries to the class atlas. Only the figures go (src/machine/atlas.ts:
 * claim, quantity, predicted, interval, measured, inside, model version); the board never
 * names who sent them.
 */
import { useState } from 'react';
import { atlasEntriesOf } from '../../machine/atlas';
import type { LedgerEntry } from '../../machine/ledger';
import '../../i18n/parts/send';
import { useT } from '../../i18n/LangContext';
import { ClassProblem, problem, problemIn, problemOf } from '../../class/refusals';
import { said } from '../class/words';

const PREFIX = 'latency-lab:class:student:';

/** The classes this browser joined as a student, with their tokens (when served by a class server). */
function joinedClasses(): { code: string; token: string }[] {
  if (typeof document === 'undefined') return [];
  if (!document.querySelector('meta[name="latency-lab-class"]')) return [];
  const out: { code: string; token: string }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (!key.startsWith(PREFIX)) continue;
      const v = JSON.parse(localStorage.getItem(key) ?? 'null') as { token?: unknown } | null;
      if (typeof v?.token === 'string')
        out.push({ code: key.slice(PREFIX.length), token: v.token });
    }
  } catch {
    // Storage disabled: no class to send to.
  }
  return out;
}

export function ClassSend({ entries }: { entries: readonly LedgerEntry[] }) {
  const t = useT();
  const [classes] = useState(joinedClasses);
  const [status, setStatus] = useState<Record<string, string>>({});
  if (classes.length === 0) return null;
  const sendable = atlasEntriesOf(entries);
  async function send(code: string, token: string) {
    setStatus((s) => ({ ...s, [code]: t('send.sending') }));
    try {
      const res = await fetch(
        new URL(`./api/classes/${encodeURIComponent(code)}/machine`, document.baseURI),
        {
          method: 'PUT',
          cache: 'no-store',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ entries: sendable }),
        },
      );
      const body = (await res.json()) as { stored?: number };
      if (!res.ok)
        throw new ClassProblem(problemIn(body) ?? problem('refused', { status: res.status }));
      setStatus((s) => ({ ...s, [code]: t('send.sent', { n: body.stored ?? 0 }) }));
    } catch (e) {
      const reason = said(t, problemOf(e));
      setStatus((s) => ({ ...s, [code]: reason }));
    }
  }
  return (
    <div className="machine-class-send">
      <p>{t('send.note')}</p>
      {classes.map(({ code, token }) => (
        <p key={code}>
          <button
            type="button"
            disabled={sendable.length === 0}
            onClick={() => void send(code, token)}
            data-testid="machine-send-class"
          >
            {t('send.button', { n: sendable.length, code })}
          </button>{' '}
          <span role="status">{status[code] ?? ''}</span>
        </p>
      ))}
    </div>
  );
}
