// What an embed may show alone, and how tall its frame starts (src/views/EmbedPanel.tsx).
import type { EmbedControls, EmbedPart } from '../scenario';
import type { ScenarioResults } from '../state/useScenarioResults';
import { MODEL_VS_PAPER } from './model/EmbedPartView';

export interface PartChoice {
  id: string;
  title: string;
}

/**
 * The scenario's tables and charts by id and title, as the page shows them; the chart of the
 * first table, model against paper, is titled by `modelVsPaper` (in the page's language).
 */
export function partChoices(
  results: ScenarioResults | undefined,
  modelVsPaper: (tableTitle: string) => string,
): {
  tables: PartChoice[];
  charts: PartChoice[];
} {
  const tables = (results?.tables?.value.tables ?? []).map((t) => ({ id: t.id, title: t.title }));
  const first = tables[0];
  const charts = results?.charts?.value ?? [];
  return {
    tables,
    charts: charts.length
      ? [
          ...(first ? [{ id: MODEL_VS_PAPER, title: modelVsPaper(first.title) }] : []),
          ...charts.map((c) => ({ id: c.id, title: c.title })),
        ]
      : [],
  };
}

/** The embed's title, paper credit, link back and the method-notes toggle, in px. */
const FRAME_PX = 210;
/** The parameters under the part: their values, or the controls (a rough height). */
const CONTROLS_PX: Record<EmbedControls | 'none', number> = { none: 0, read: 360, edit: 1100 };
/** When the part is not on this page to measure (still computing). */
const FALLBACK_PX: Record<EmbedPart['kind'], number> = { table: 460, chart: 560 };
const MIN_PX = 240;
const MAX_PX = 4000;

/**
 * A frame height for one table or chart: the part as tall as it is on this page (its notes
 * left out: the embed folds them), plus the embed's own lines. An estimate, as the course
 * page's width may differ; the snippet's script then sets the exact height.
 */
export function embedHeight(part: EmbedPart, controls: EmbedControls | 'none'): number {
  const el = document.querySelector<HTMLElement>(`[data-testid="${part.kind}-${part.id}"]`);
  const notes = el?.querySelector<HTMLElement>('.notes')?.offsetHeight ?? 0;
  const own = el ? el.offsetHeight - notes : FALLBACK_PX[part.kind];
  const px = Math.round(own + FRAME_PX + CONTROLS_PX[controls]);
  return Math.min(MAX_PX, Math.max(MIN_PX, px));
}
