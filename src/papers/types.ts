/** A paper table as published. `null` marks a cell the paper has no value for (withheld, or no such column). */
export interface PaperTable {
  id: string;
  paper: string;
  section: string;
  title: string;
  rows: { label: string; values: Record<string, number | null> }[];
  /** What the reader should know about these numbers (e.g. how a value was derived from the text). */
  notes?: string[];
}
