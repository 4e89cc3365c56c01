import { downloadBlob, fileName } from '../charts/download';
import { toCsv } from '../compare/csv';
import type { ComparedTable } from '../compare/types';

/** One table as the CLI's CSV (the same writer), saved as `<model>-<table>.csv`. */
export function downloadTableCsv(table: ComparedTable, prefix: string): void {
  downloadBlob(
    new Blob([toCsv({ tables: [table] })], { type: 'text/csv;charset=utf-8' }),
    fileName([prefix, table.id], 'csv'),
  );
}
