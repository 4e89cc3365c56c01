/** One figure of a bench (scripts/bench-*.ts and each model's tools/bench*.ts; never pass/fail). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}
