import hpuxUfc from './hpux-ufc.json';
import itaniumMixedMode from './itanium-mixed-mode.json';
import mpeIx from './mpe-ix.json';
import openvmsIntegrity from './openvms-integrity.json';
import vmspDirectory from './vmsp-directory.json';

/**
 * Each lesson file's contents by id, unchecked (src/scenario/lesson.ts reads them). Only the
 * lesson page imports this, so the files travel in its chunk, not the first page's.
 */
export const LESSON_FILES: Readonly<Record<string, unknown>> = {
  'mpe-ix': mpeIx,
  'hpux-ufc': hpuxUfc,
  'itanium-mixed-mode': itaniumMixedMode,
  'openvms-integrity': openvmsIntegrity,
  'vmsp-directory': vmspDirectory,
};
