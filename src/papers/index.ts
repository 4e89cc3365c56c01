import type { PaperTable } from './types';
import { MPE_IX_TABLES } from './mpe-ix';
import { HPUX_UFC_TABLES } from './hpux-ufc';
import { ITANIUM_MIXED_MODE_TABLES } from './itanium-mixed-mode';
import { OPENVMS_INTEGRITY_TABLES } from './openvms-integrity';
import { VMSP_DIRECTORY_TABLES } from './vmsp-directory';

export type { PaperTable } from './types';
export { PAPERS, type PaperInfo } from './papers';

/** Every measured table, one file per paper, in seed order. */
const ALL: PaperTable[] = [
  ...MPE_IX_TABLES,
  ...HPUX_UFC_TABLES,
  ...ITANIUM_MIXED_MODE_TABLES,
  ...OPENVMS_INTEGRITY_TABLES,
  ...VMSP_DIRECTORY_TABLES,
];

export function findPaperTable(id: string): PaperTable | undefined {
  return ALL.find((t) => t.id === id);
}
