import { describe, expect, it } from 'vitest';
import { csvCell, csvStream, istReadable, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell(undefined)).toBe('');
  });

  it('keeps every line break inside a quoted cell and drops bidi controls', () => {
    expect(csvCell('Asha\u2028Rao')).toBe('"Asha\nRao"');
    expect(csvCell('a\u0085b\u2029c\vd')).toBe('"a\nb\nc\nd"');
    expect(csvCell('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(csvCell('\u2066=1+1\u2069')).toBe("'=1+1");
    // A reader that splits rows on U+2028 finds none to split on; the break is a quoted cell's LF.
    expect(toCsv(['name', 'email'], [{ name: 'Asha\u2028x@evil.example', email: 'a@x.in' }])).toBe(
      '\uFEFFname,email\r\n"Asha\nx@evil.example",a@x.in\r\n',
    );
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+SUM(A1:A9)')).toBe("'+SUM(A1:A9)");
    expect(csvCell('+1+cmd|')).toBe("'+1+cmd|");
    expect(csvCell('-A1')).toBe("'-A1");
    expect(csvCell('\t=1')).toBe("'\t=1");
  });

  it('leaves phone numbers as typed: no apostrophe before a leading plus (issue 10.13)', () => {
    expect(csvCell('+91 98765 43210')).toBe('+91 98765 43210');
    expect(csvCell('+1 (555) 123-4567')).toBe('+1 (555) 123-4567');
    expect(csvCell('98765 43210')).toBe('98765 43210');
  });

  it('writes times in IST with the offset, whatever the server clock zone', () => {
    const csv = toCsv(
      ['createdAt', 'name'],
      [
        { createdAt: '2025-03-14T19:00:00.000Z', name: 'Late' },
        { createdAt: 'unknown', name: 'Odd' },
      ],
    );
    expect(csv).toBe('\uFEFFcreatedAt,name\r\n2025-03-15T00:30:00+05:30,Late\r\nunknown,Odd\r\n');
  });

  it('writes a BOM, a header row and CRLF rows in the given column order', () => {
    const csv = toCsv(['name', 'email'], [{ email: 'a@x.in', name: 'Asha', extra: 'ignored' }]);
    expect(csv).toBe('\uFEFFname,email\r\nAsha,a@x.in\r\n');
  });

  it('writes readable IST date and time for people, and leaves a non-time as it is', () => {
    expect(istReadable('2025-03-14T19:00:00.000Z')).toBe('2025-03-15 00:30');
    expect(istReadable('unknown')).toBe('unknown');
    expect(istReadable(undefined)).toBeUndefined();
  });

  it('takes columns with a header and a worked-out cell beside plain field names', () => {
    const csv = toCsv(
      [{ header: 'Received (IST)', value: (row) => istReadable(row.createdAt) }, 'name'],
      [{ createdAt: '2025-03-14T19:00:00.000Z', name: 'Asha' }],
    );
    expect(csv).toBe('\uFEFFReceived (IST),name\r\n2025-03-15 00:30,Asha\r\n');
  });

  it('streams exactly the bytes toCsv writes, a page at a time, empty pages included', async () => {
    const rows = [
      { name: 'Asha', note: '=1+1', createdAt: '2025-03-14T15:35:00.000Z' },
      { name: 'Das, Arjun', note: 'say "hi"\nbye', createdAt: '2025-03-15T00:00:00.000Z' },
    ];
    const columns = ['createdAt', 'name', 'note'];
    async function* pages() {
      yield [];
      yield [rows[0]!];
      yield [];
      yield [rows[1]!];
      yield [];
    }
    const streamed = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await new Response(csvStream(columns, pages())).arrayBuffer(),
    );
    expect(streamed).toBe(toCsv(columns, rows));
    expect(streamed.startsWith('\uFEFF')).toBe(true);
    const empty = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await new Response(csvStream(columns, [])).arrayBuffer(),
    );
    expect(empty).toBe(toCsv(columns, []));
  });
});
