import type { PaperTable } from './types';
import { MPE_IX_TABLES } from './mpe-ix';
import { HPUX_UFC_TABLES } from './hpux-ufc';
import { OPENVMS_INTEGRITY_TABLES } from './openvms-integrity';
import { CROSS_BOUNDARY_TABLES } from './cross-boundary';
import { VMSP_DIRECTORY_TABLES } from './vmsp-directory';

export type { PaperTable } from './types';

const ALL: PaperTable[] = [
  ...MPE_IX_TABLES,
  ...HPUX_UFC_TABLES,
  ...OPENVMS_INTEGRITY_TABLES,
  ...CROSS_BOUNDARY_TABLES,
  ...VMSP_DIRECTORY_TABLES,
];

export function findPaperTable(id: string): PaperTable | undefined {
  return ALL.find((t) => t.id === id);
}

export const PAPER_TABLES: readonly PaperTable[] = ALL;
