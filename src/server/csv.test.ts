import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes a BOM, a header row and CRLF rows in the given column order', () => {
    const csv = toCsv(['name', 'email'], [{ email: 'a@x.in', name: 'Asha', extra: 'ignored' }]);
    expect(csv).toBe('\uFEFFname,email\r\nAsha,a@x.in\r\n');
  });
});
