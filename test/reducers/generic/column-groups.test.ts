import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ColumnGroups } from '../../../src/reducers/generic/column-groups.js';

/** Rows like `openssl ciphers -v`: a name, then a protocol and a MAC that group the rows. */
function cipherRows(): string[] {
  const rows: string[] = [];
  for (let i = 0; i < 60; i++) {
    const protocol = i < 3 ? 'TLSv1.3' : i < 40 ? 'TLSv1.2' : 'SSLv3';
    const mac = i < 40 ? 'Mac=AEAD' : 'Mac=SHA1';
    rows.push(`SUITE-${i}-${'X'.repeat(i % 7)}  ${protocol}  Kx=k${i % 3}  ${mac}`);
  }
  return rows;
}

function run(lines: readonly string[]): ReturnType<ColumnGroups['finish']> {
  const groups = new ColumnGroups();
  lines.forEach((text, i) => groups.line('stdout', i + 1, text));
  let ref = 0;
  return groups.finish(() => `c${++ref}`);
}

describe('ColumnGroups: rows with columns and no header', () => {
  it('cites the first row of each group that does not open the output', () => {
    const cited = run(cipherRows());
    // SSLv3 and Mac=SHA1 start at row 41; TLSv1.2 (row 4) is among the first rows shown anyway.
    expect(cited.map((c) => [c.from, c.label])).toEqual([[41, 'first "SSLv3", "Mac=SHA1"']]);
  });

  it('says nothing of prose, of a short output, or of columns with many values', () => {
    expect(run(Array.from({ length: 40 }, (_, i) => `line ${i} of some prose that goes on ${'and on '.repeat(i % 5)}`))).toEqual([]);
    expect(run(cipherRows().slice(0, 15))).toEqual([]);
    expect(run(Array.from({ length: 40 }, (_, i) => `${i} value-${i} other-${i * 7}`))).toEqual([]);
  });

  it('never throws and cites at most 8 single lines on random input', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 60 }), { maxLength: 200 }), (lines) => {
        const cited = run(lines);
        expect(cited.length).toBeLessThanOrEqual(8);
        for (const c of cited) expect(c.from).toBe(c.to);
      }),
    );
  });
});
