import { useId, useState } from 'react';
import type { EmbedControls, EmbedPart, LinkMode, Scenario } from '../scenario';
import { embedLink } from '../state/scenarioLink';
import type { ScenarioResults } from '../state/useScenarioResults';
import { CopyLink } from './CopyLink';
import { EMBED_FRAME_ATTR, RESIZE_SCRIPT } from './embedHeight';
import { embedHeight, partChoices, type PartChoice } from './embedSize';
import '../i18n/parts/embed';
import { useT } from '../i18n/LangContext';
import type { MessageId } from '../i18n/catalog';

/** The iframe's height: the title, the first table (with its cited source) and a chart, unscrolled. */
export const EMBED_HEIGHT_PX = 900;

const CHOICES: { value: EmbedControls | 'none'; label: MessageId }[] = [
  { value: 'none', label: 'embed.resultsOnly' },
  { value: 'read', label: 'embed.read' },
  { value: 'edit', label: 'embed.edit' },
];

type Shows = 'page' | 'table' | 'chart';
const SHOWS: { value: Shows; label: MessageId }[] = [
  { value: 'page', label: 'embed.page' },
  { value: 'table', label: 'embed.oneTable' },
  { value: 'chart', label: 'embed.oneChart' },
];

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The least a sandboxed frame needs (tests/e2e/hosting.test.ts runs the app under exactly this):
 * scripts; its own origin (without it the page's module scripts and the model workers, fetched
 * from an opaque origin, are refused); popups that leave the sandbox (the "Open in Latency Lab"
 * link opens the full app in a tab of its own, not sandboxed); downloads (the CSV, PNG and SVG
 * buttons). No top navigation, forms or modals: the embed never uses them.
 */
export const EMBED_SANDBOX =
  'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads';
/** Copy buttons (a live panel's results) write the clipboard; they fall back to a text field. */
export const EMBED_ALLOW = 'clipboard-write';

/**
 * The HTML a course page pastes: an iframe of the embed link, titled for screen readers, as
 * tall as `height` (px), marked for the resize script (./embedHeight.ts).
 */
export function embedSnippet(src: string, title: string, height = EMBED_HEIGHT_PX): string {
  return (
    `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" ` +
    `width="100%" height="${Math.round(height)}" style="border:0" loading="lazy" ` +
    `sandbox="${EMBED_SANDBOX}" referrerpolicy="no-referrer" allow="${EMBED_ALLOW}" ` +
    `${EMBED_FRAME_ATTR}></iframe>`
  );
}

/** The chosen id if the list still has it (the scenario may have changed), else the first. */
const pick = (list: readonly PartChoice[], id: string) =>
  list.find((c) => c.id === id)?.id ?? list[0]?.id ?? '';

/** The part chosen, when the page has one of that kind; the whole page otherwise. */
function chosenPart(
  shows: Shows,
  ids: { table: string; chart: string },
  tables: readonly PartChoice[],
  charts: readonly PartChoice[],
): EmbedPart | undefined {
  if (shows === 'table' && tables.length > 0) return { kind: 'table', id: pick(tables, ids.table) };
  if (shows === 'chart' && charts.length > 0) return { kind: 'chart', id: pick(charts, ids.chart) };
  return undefined;
}

/**
 * "Embed": the embed link of this scenario (and its comparison, if any), a choice of what the
 * embedded page shows — the whole page, one table or one chart, and of the parameters — the
 * snippet to paste into a course page, and Copy. The iframe's height is computed for the
 * choice from this page; the script after it (optional) makes it fit exactly.
 */
export function EmbedPanel({
  scenario,
  mode,
  title,
  results,
}: {
  scenario: Scenario;
  mode: LinkMode;
  title: string;
  /** The scenario's tables and charts, to choose one from; none yet: only the whole page. */
  results?: ScenarioResults | undefined;
}) {
  const t = useT();
  const [controls, setControls] = useState<EmbedControls | 'none'>('none');
  const [shows, setShows] = useState<Shows>('page');
  const [tableId, setTableId] = useState('');
  const [chartId, setChartId] = useState('');
  const [resize, setResize] = useState(true);
  const name = useId();
  const snippetId = useId();
  const resizeId = useId();
  const heightId = useId();
  const { tables, charts } = partChoices(results, (title) => t('embed.modelVsPaper', { title }));
  const ids = { table: tableId, chart: chartId };
  const part = chosenPart(shows, ids, tables, charts);
  const src = embedLink(scenario, {
    pinned: mode.pinned,
    controls: controls === 'none' ? undefined : controls,
    part,
  });
  const height = part ? embedHeight(part, controls) : EMBED_HEIGHT_PX;
  const snippet =
    embedSnippet(src, `Latency Lab: ${title}`, height) + (resize ? `\n${RESIZE_SCRIPT}` : '');
  return (
    <div className="embed-panel" data-testid="embed-panel">
      <ShowsChoice
        tables={tables}
        charts={charts}
        shows={shows}
        setShows={setShows}
        ids={ids}
        setId={(kind, id) => (kind === 'table' ? setTableId : setChartId)(id)}
      />
      <fieldset>
        <legend>{t('embed.params')}</legend>
        {CHOICES.map((c) => (
          <label key={c.value}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={controls === c.value}
              onChange={() => setControls(c.value)}
            />{' '}
            {t(c.label)}
          </label>
        ))}
      </fieldset>
      <label className="embed-resize">
        <input
          id={resizeId}
          type="checkbox"
          checked={resize}
          onChange={(e) => setResize(e.target.checked)}
          aria-describedby={heightId}
          data-testid="embed-resize"
        />{' '}
        {t('embed.resize')}
      </label>
      <p id={heightId} className="embed-height" data-testid="embed-height">
        {t('embed.height', { px: height, kind: part?.kind ?? 'page' })}
      </p>
      <label htmlFor={snippetId} className="embed-label">
        {t('embed.snippet')}
      </label>
      <textarea
        id={snippetId}
        className="embed-snippet"
        readOnly
        rows={resize ? 7 : 4}
        value={snippet}
        data-testid="embed-snippet"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="embed-actions">
        <CopyLink
          link={snippet}
          label={t('embed.copy')}
          testId="copy-embed"
          copiedText={t('embed.copied')}
        />
        <a href={src} target="_blank" rel="noopener" data-testid="embed-preview">
          {t('embed.preview')}
        </a>
      </div>
    </div>
  );
}

/** What the embedded page shows: the whole page, one table or one chart (and which). */
function ShowsChoice({
  tables,
  charts,
  shows,
  setShows,
  ids,
  setId,
}: {
  tables: readonly PartChoice[];
  charts: readonly PartChoice[];
  shows: Shows;
  setShows: (s: Shows) => void;
  ids: { table: string; chart: string };
  setId: (kind: 'table' | 'chart', id: string) => void;
}) {
  const t = useT();
  const showsName = useId();
  return (
    <fieldset>
      <legend>{t('embed.shows')}</legend>
      {SHOWS.map((c) => {
        const list = c.value === 'table' ? tables : c.value === 'chart' ? charts : null;
        const empty = list !== null && list.length === 0;
        return (
          <div key={c.value} className="embed-choice">
            <label>
              <input
                type="radio"
                name={showsName}
                value={c.value}
                checked={shows === c.value}
                disabled={empty}
                onChange={() => setShows(c.value)}
                data-testid={`embed-shows-${c.value}`}
              />{' '}
              {t(c.label)}
              {empty &&
                ` (${c.value === 'chart' ? t('embed.chartsComputing') : t('embed.noneYet')})`}
            </label>
            {list && shows === c.value && !empty && (
              <select
                aria-label={c.value === 'table' ? t('embed.whichTable') : t('embed.whichChart')}
                value={pick(list, ids[c.value as 'table' | 'chart'])}
                onChange={(e) => setId(c.value as 'table' | 'chart', e.target.value)}
                data-testid={`embed-${c.value}-id`}
              >
                {list.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title}
                  </option>
                ))}
              </select>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
