/** A cell the model predicted blind (src/papers/blind-record.ts), as its golden file gave it. */
export interface BlindCell {
  table: string;
  row: string;
  column: string;
  model: number;
  lo: number;
  hi: number;
  /** Standard deviations of ln(value) the interval was made of. */
  parts: {
    parametersDown: number;
    parametersUp: number;
    scatter: number;
    between: number;
    modelForm: number;
  };
  confidence: [number, number];
  baseline: number;
  baselineRule: string;
}

/** The model's value then for a cell the paper did print (no interval kept: context only). */
export interface BlindContextCell {
  table: string;
  row: string;
  column: string;
  model: number;
}
