/**
 * The predictions page's records in sentences (src/views/recordFindings.ts): in English they
 * are, word for word, the sentences src/compare writes and the docs quote; in Spanish they are
 * Spanish, with the page's decimal comma.
 */
import { describe, expect, it } from 'vitest';
import { blindSentences, summarizeBlindRecord } from '../../src/compare/blindRecord';
import { summarizeTableFolds, tableFoldSentences } from '../../src/compare/tableFolds';
import { LEAVE_OUT_FOLDS } from '../../src/papers/leave-out-data';
import { setNumberLocale } from '../../src/format';
import { loadCatalogue } from '../../src/i18n/catalog';
import { translator } from '../../src/i18n/LangContext';
import '../../src/i18n/parts/record';
import { blindFindings, tableFoldFindings } from '../../src/views/recordFindings';

const blind = summarizeBlindRecord();
const folds = summarizeTableFolds(LEAVE_OUT_FOLDS);

describe('the records’ findings', () => {
  it('are in English the sentences of src/compare, word for word', () => {
    setNumberLocale('en-US', { unbounded: 'unbounded' });
    expect(blindFindings(blind, translator('en'))).toEqual(blindSentences(blind));
    expect(tableFoldFindings(folds, translator('en'))).toEqual(tableFoldSentences(folds));
    // Both ways of the choices the sentences make, so a wrong branch cannot hide.
    const other = {
      ...blind,
      nlOver: blind.nlCells - 1,
      closer: blind.cells,
      seekDirectionAgrees: {
        nl: !blind.seekDirectionAgrees.nl,
        postscript: !blind.seekDirectionAgrees.postscript,
      },
      medianAbsErrorPctWithDelta: blind.baselineMedianAbsErrorPctWithDelta,
    };
    expect(blindFindings(other, translator('en'))).toEqual(blindSentences(other));
    const unmet = { ...folds, goal: { coverage: false, width: false, skill: false } };
    expect(tableFoldFindings(unmet, translator('en'))).toEqual(tableFoldSentences(unmet));
  });

  it('are Spanish in Spanish, numbers with a decimal comma', async () => {
    await loadCatalogue('es');
    setNumberLocale('es-ES', { unbounded: 'sin límite' });
    try {
      const es = blindFindings(blind, translator('es'));
      expect(es[0]).toMatch(/^\d+ de \d+ celdas retenidas/);
      expect(es[1]).toMatch(/^\|Error\| mediano del \d+,\d %/);
      expect(tableFoldFindings(folds, translator('es'))[1]).toMatch(/^Anchura mediana/);
    } finally {
      setNumberLocale('en-US', { unbounded: 'unbounded' });
    }
  });
});
