/**
 * The CSV writer of src/compare/csv.ts: RFC 4180 quoting, formula neutralising, and that the
 * CLI (`explore --format csv`) and the page's "Download CSV" share it.
 */
import { describe, expect, it } from 'vitest';
import * as explore from '../../scripts/explore';
import { CSV_HEADER, csvField, csvText, readable, toCsv } from '../../src/compare/csv';
import type { ComparedTable } from '../../src/compare/types';
import { readCsv } from '../readCsv';

function table(label: string, overrides: Partial<ComparedTable> = {}): ComparedTable {
  return {
    id: 't1',
    title: 'T',
    source: 's',
    columns: [
      { key: 'a', label: 'A', unit: 'ms' },
      { key: 'b', label: 'B', unit: 'pages, 4 KB' },
    ],
    rows: [
      {
        label,
        model: { a: 1234.56, b: -0.012345 },
        paper: { a: 1000, b: null },
        errorPct: { a: 23.456, b: null },
        prediction: false,
        intervals: { a: [1100.4, 1400.6] },
      },
    ],
    summary: null,
    modelOnly: false,
    notes: [],
    ...overrides,
  };
}

describe('CSV writer', () => {
  it('is the one the CLI uses', () => {
    expect(explore.toCsv).toBe(toCsv);
    expect(explore.csvField).toBe(csvField);
    expect(explore.csvText).toBe(csvText);
    expect(explore.readable).toBe(readable);
    expect(explore.CSV_HEADER).toBe(CSV_HEADER);
  });

  it('quotes commas, quotes and line breaks (RFC 4180), and leaves plain text alone', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://x","y")'])(
    'neutralises a text field that a spreadsheet would run as a formula: %j',
    (label) => {
      const field = csvText(label);
      // Read back as a spreadsheet would: one field, starting with ', the label after it.
      const [record] = readCsv(`${field}\r\n`);
      expect(record).toEqual([`'${label}`]);
    },
  );

  it('does not touch text that is no formula, nor numbers (a negative error stays a number)', () => {
    expect(csvText('Memory Mapped')).toBe('Memory Mapped');
    expect(csvText('a=b')).toBe('a=b');
    const records = readCsv(
      toCsv({
        tables: [
          table('x', { rows: [{ ...table('x').rows[0]!, errorPct: { a: -12.34, b: null } }] }),
        ],
      }),
    );
    expect(records[1]?.[6]).toBe('-12.3');
    expect(records[2]?.[4]).toBe('-0.0123');
  });

  it('writes one line per cell that reads back to the table, whatever the label holds', () => {
    const label = '=cmd|" /C calc"!A0, and\r\na "quote"';
    const text = toCsv({ tables: [table(label)] });
    expect(text.endsWith('\r\n')).toBe(true);
    const records = readCsv(text);
    expect(records[0]?.join(',')).toBe(CSV_HEADER);
    expect(records).toHaveLength(3);
    expect(records[1]).toEqual([
      't1',
      `'${label}`,
      'a',
      'ms',
      '1235',
      '1000',
      '23.5',
      'false',
      '1100',
      '1401',
      '',
    ]);
    expect(records[2]).toEqual([
      't1',
      `'${label}`,
      'b',
      'pages, 4 KB',
      '-0.0123',
      '',
      '',
      'false',
      '',
      '',
      '',
    ]);
  });
});
