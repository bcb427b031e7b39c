import { describe, expect, it } from 'vitest';
import { parseExport } from './ejson.ts';

const canonical = {
  _id: { $oid: '64a1f0c2e4b0a1b2c3d4e501' },
  n: { $numberInt: '3' },
  big: { $numberLong: '9007199254740991' },
  price: { $numberDouble: '2.5' },
  at: { $date: { $numberLong: '1700000000000' } },
  relaxedAt: { $date: '2024-01-02T03:04:05Z' },
  nested: [{ id: { $oid: '64a1f0c2e4b0a1b2c3d4e502' } }],
  text: 'नमस्ते 🙏',
};
const plain = {
  _id: '64a1f0c2e4b0a1b2c3d4e501',
  n: 3,
  big: 9007199254740991,
  price: 2.5,
  at: '2023-11-14T22:13:20.000Z',
  relaxedAt: '2024-01-02T03:04:05.000Z',
  nested: [{ id: '64a1f0c2e4b0a1b2c3d4e502' }],
  text: 'नमस्ते 🙏',
};

describe('parseExport', () => {
  it('reads every mongoexport layout to the same plain records', () => {
    const second = { ...canonical, _id: { $oid: '64a1f0c2e4b0a1b2c3d4e503' } };
    const expected = [plain, { ...plain, _id: '64a1f0c2e4b0a1b2c3d4e503' }];
    const layouts = {
      lines: `${JSON.stringify(canonical)}\n${JSON.stringify(second)}\n`,
      crlf: `${JSON.stringify(canonical)}\r\n\r\n${JSON.stringify(second)}\r\n`,
      pretty: `${JSON.stringify(canonical, null, 2)}\n${JSON.stringify(second, null, 2)}\n`,
      array: JSON.stringify([canonical, second]),
      prettyArray: `\uFEFF${JSON.stringify([canonical, second], null, 2)}`,
    };
    for (const [layout, text] of Object.entries(layouts))
      expect(parseExport(text), layout).toEqual({ records: expected, problems: [] });
  });

  it('reports unreadable lines and documents by line and still reads the rest', () => {
    expect(parseExport('{"a":1}\n{"b":2\n42\n{"c":3}\n')).toEqual({
      records: [{ a: 1 }, { c: 3 }],
      problems: [
        { line: 2, reason: expect.stringMatching(/^unreadable JSON/) },
        { line: 3, reason: 'not a document' },
      ],
    });
    expect(parseExport('{\n "a": 1\n}\noops\n{\n "s": "}{\\"",\n "b": 2\n}\n{\n "cut": ').records).toEqual([
      { a: 1 },
      { s: '}{"', b: 2 },
    ]);
    expect(parseExport('[{"a":1},').problems).toEqual([
      { line: 0, reason: expect.stringMatching(/^unreadable JSON array/) },
    ]);
  });
});
