import { useEffect, useId, useMemo, useState } from 'react';
import type { ComparedTable } from '../compare/types';
import type { ModelInfo } from '../models/types';
import { errorLevel, formatErrorPct, formatValue } from '../format';
import { parsePermalink, serializeScenario, type Scenario } from '../scenario';
import { useModelText } from './useModelText';
import { GroupedHead } from './GroupedHead';
import '../i18n/parts/versions';
import { useT, type Translate } from '../i18n/LangContext';
import { errorText } from '../i18n/errorText';

/** public/recorded/<model>-v<version>.json, written by scripts/record-version.ts. */
export interface RecordedVersion {
  model: string;
  version: number;
  commit: string;
  records: {
    preset: string;
    link: string;
    tables: {
      id: string;
      title: string;
      columns: { key: string; label: string; unit: string }[];
      rows: { label: string; values: Record<string, number> }[];
    }[];
  }[];
}

type Loaded =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; file: RecordedVersion };

/**
 * A link made with an older version of the model: says so, and shows what that version
 * produced for this link (recorded when it was current) beside what the model gives now.
 */
export function VersionChange({
  model,
  scenario,
  linkVersion,
  tables,
}: {
  model: ModelInfo;
  scenario: Scenario;
  linkVersion: number;
  tables: ComparedTable[] | null;
}) {
  const t = useT();
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setLoaded({ kind: 'loading' });
    fetch(`./recorded/${model.id}-v${linkVersion}.json`)
      .then(async (r) => {
        if (r.status === 404) return { kind: 'none' } as const;
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return { kind: 'loaded', file: (await r.json()) as RecordedVersion } as const;
      })
      .then(
        (l) => live && setLoaded(l),
        (e: unknown) =>
          live && setLoaded({ kind: 'error', message: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
  }, [model.id, linkVersion]);

  const record = useMemo(() => {
    if (loaded.kind !== 'loaded') return undefined;
    const now = serializeScenario(scenario);
    // A recorded link, read as today's codec reads it (migrated), is this link's scenario.
    return loaded.file.records.find((r) => {
      const s = parsePermalink(r.link).scenario;
      return s !== null && serializeScenario(s) === now;
    });
  }, [loaded, scenario]);

  return (
    <section className="version-change" aria-labelledby={headingId} data-testid="version-change">
      <h2 id={headingId}>{t('versions.heading')}</h2>
      <p>
        {t('versions.body', { from: linkVersion, to: model.version })}
        {loaded.kind === 'loading' && ' ' + t('versions.lookingUp', { from: linkVersion })}
      </p>
      {loaded.kind === 'none' && <p>{t('versions.none', { from: linkVersion })}</p>}
      {loaded.kind === 'error' && (
        <p role="alert">
          {t('versions.failed', { from: linkVersion, message: errorText(t, loaded.message) })}
        </p>
      )}
      {loaded.kind === 'loaded' && !record && (
        <p>{t('versions.presetsOnly', { from: linkVersion })}</p>
      )}
      {record && (
        <>
          <p>
            {t.rich('versions.shown', {
              from: linkVersion,
              to: model.version,
              commit: loaded.kind === 'loaded' ? loaded.file.commit : '',
              code: (c) => <code>{c}</code>,
              summary: (
                <strong data-testid="version-summary">
                  {summarize(record.tables, tables, linkVersion, model.version, t)}
                </strong>
              ),
            })}
          </p>
          {record.tables.map((old) => {
            const now = tables?.find((t) => t.id === old.id);
            if (!now) return null;
            const diff = (
              <Difference key={old.id} old={old} now={now} from={linkVersion} to={model.version} />
            );
            // A table whose every cell is as it was stays folded: the changes lead.
            return unchanged(old, now) ? (
              <details key={old.id} className="version-same">
                <summary>{t('versions.unchanged', { title: old.title })}</summary>
                {diff}
              </details>
            ) : (
              diff
            );
          })}
        </>
      )}
    </section>
  );
}

/** Every cell of the recorded table has the same value now, and no new one appeared. */
function unchanged(
  old: RecordedVersion['records'][number]['tables'][number],
  now: ComparedTable,
): boolean {
  return old.rows.every((r) => {
    const n = now.rows.find((x) => x.label === r.label);
    return now.columns.every((c) => {
      const a = r.values[c.key];
      const b = n?.model[c.key];
      if (b === undefined) return a === undefined;
      return a !== undefined && Math.abs(b - a) <= 1e-9 * Math.max(1, Math.abs(a));
    });
  });
}

/** One sentence: how many cells stayed, changed, or are new since the link's version. */
function summarize(
  old: RecordedVersion['records'][number]['tables'],
  tables: ComparedTable[] | null,
  from: number,
  to: number,
  t: Translate,
): string {
  if (!tables) return t('versions.computing');
  let same = 0;
  let changed = 0;
  let added = 0;
  for (const t of old) {
    const now = tables.find((x) => x.id === t.id);
    if (!now) continue;
    for (const r of t.rows) {
      const n = now.rows.find((x) => x.label === r.label);
      for (const c of now.columns) {
        const a = r.values[c.key];
        const b = n?.model[c.key];
        if (b === undefined) continue;
        if (a === undefined) added++;
        else if (Math.abs(b - a) <= 1e-9 * Math.max(1, Math.abs(a))) same++;
        else changed++;
      }
    }
  }
  const parts = [
    t('versions.same', { n: same }),
    t('versions.changed', { n: changed }),
    ...(added > 0 ? [t('versions.added', { n: added, to, from })] : []),
  ];
  return `${parts.join(', ')}.`;
}

function Difference({
  old,
  now,
  from,
  to,
}: {
  old: RecordedVersion['records'][number]['tables'][number];
  now: ComparedTable;
  from: number;
  to: number;
}) {
  const t = useT();
  const texts = useModelText();
  const captionId = useId();
  // Both versions' columns: a column one of them did not have reads "—" on that side.
  const columns = [
    ...old.columns,
    ...now.columns.filter((n) => !old.columns.some((c) => c.key === n.key)),
  ];
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table data-testid={`version-diff-${old.id}`}>
        <caption id={captionId}>{texts?.tableTitle(t, old) ?? old.title}</caption>
        <GroupedHead
          columns={columns}
          sub={[`v${from}`, t('versions.now', { to }), t('versions.change')]}
          table={old.id}
        />
        <tbody>
          {old.rows.map((r) => {
            const n = now.rows.find((x) => x.label === r.label);
            return (
              <tr key={r.label}>
                <th scope="row" className="row-head">
                  {texts?.rowLabel(t, old.id, r.label) ?? r.label}
                </th>
                {columns.map((c) => {
                  const a = r.values[c.key];
                  const b = n?.model[c.key];
                  const change =
                    a !== undefined && b !== undefined && a !== 0 ? (b / a - 1) * 100 : null;
                  return [
                    <td key={`${c.key}-old`} className="num" data-version={from}>
                      {formatValue(a)}
                    </td>,
                    <td key={`${c.key}-new`} className="num model" data-version={to}>
                      {formatValue(b)}
                    </td>,
                    <td key={`${c.key}-change`} className={`num err err-${errorLevel(change)}`}>
                      {formatErrorPct(change)}
                    </td>,
                  ];
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
