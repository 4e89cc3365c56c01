import type { ParamValues } from '../models/types';
import type { ComparedTable, ScenarioTables } from './types';

/**
 * One scenario's results as a document: what `npm run explore -- '<link>' --format json`
 * prints and what the page's "Copy results (JSON)" gives — the same bytes for the same link
 * (tests/e2e/determinism.test.ts compares them).
 */
export interface ResultsDocument {
  /** The canonical link (`/#/<model>?…&v=N`, as serializeScenario writes it). */
  permalink: string;
  model: string;
  modelVersion: number;
  params: ParamValues;
  tables: ComparedTable[];
}

export function resultsDocument(
  permalink: string,
  params: ParamValues,
  computed: ScenarioTables,
): ResultsDocument {
  return {
    permalink,
    model: computed.model,
    modelVersion: computed.modelVersion,
    params,
    tables: computed.tables,
  };
}

/** The document as JSON text: two-space indent, full precision, a final newline. */
export function resultsJson(doc: ResultsDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
