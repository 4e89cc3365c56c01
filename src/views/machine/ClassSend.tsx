/**
 * Opt-in: a student in a class (this browser joined one on this class server) may send the
 * ledger's measured entries to the class atlas. Only the figures go (src/machine/atlas.ts:
 * claim, quantity, predicted, interval, measured, inside, model version); the board never
 * names who sent them.
 */
import { useState } from 'react';
import { atlasEntriesOf } from '../../machine/atlas';
import type { LedgerEntry } from '../../machine/ledger';

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
  const [classes] = useState(joinedClasses);
  const [status, setStatus] = useState<Record<string, string>>({});
  if (classes.length === 0) return null;
  const sendable = atlasEntriesOf(entries);
  async function send(code: string, token: string) {
    setStatus((s) => ({ ...s, [code]: 'Sending…' }));
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
      const body = (await res.json()) as { stored?: number; error?: string };
      if (!res.ok) throw new Error(body.error ?? `The class server refused (${res.status}).`);
      setStatus((s) => ({ ...s, [code]: `Sent ${body.stored} entries.` }));
    } catch (e) {
      setStatus((s) => ({ ...s, [code]: e instanceof Error ? e.message : String(e) }));
    }
  }
  return (
    <div className="machine-class-send">
      <p>
        You are in a class on this server. Sending is your choice: the board shows the room’s
        figures per claim, never who sent them, and only once five students have.
      </p>
      {classes.map(({ code, token }) => (
        <p key={code}>
          <button
            type="button"
            disabled={sendable.length === 0}
            onClick={() => void send(code, token)}
            data-testid="machine-send-class"
          >
            Send my {sendable.length} measured entries to class {code}
          </button>{' '}
          <span role="status">{status[code] ?? ''}</span>
        </p>
      ))}
    </div>
  );
}
