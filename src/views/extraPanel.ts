import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModelInfo } from '../models/types';
import type { Scenario } from '../scenario';
import type { PaperTable } from '../papers/types';

export type { PaperTable };

/**
 * What a model-specific panel (registered in ./extras.tsx) receives: the model and the current
 * (validated) scenario. A panel must not run the model on the main thread.
 * In its own file so that the panels, which extras.tsx loads, need not import extras.tsx.
 */
export interface ExtraPanelProps {
  model: ModelInfo;
  scenario: Scenario;
  /**
   * A paper's table by id, for display beside what a live run measures. The page side hands it
   * in (./extras.tsx), so a model's folder, its view/ included, never imports the papers.
   */
  paperTable: (id: string) => PaperTable | undefined;
}

/** One panel of a model's own: its name (in an error message) and its lazy component. */
export interface ModelPanel {
  /** What the panel is, in English, as its error says it ("the long runs could not be shown"). */
  name: string;
  /** Its code: the other languages' words for `name` are `panel.part.<id>`. */
  id?: string;
  panel: LazyExoticComponent<ComponentType<ExtraPanelProps>>;
}
