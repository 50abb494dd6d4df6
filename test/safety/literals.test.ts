import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLiteralSet } from '../../src/safety/literals.js';

/** The reference: case-insensitive substring search where a space matches a run of whitespace. */
function naive(text: string, literal: string): boolean {
  const pattern = literal
    .toLowerCase()
    .split(' ')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\t\\n\\v\\f\\r ]+');
  return new RegExp(pattern, 'i').test(text.replace(/[^\x00-\x7f]/g, '\u0000'));
}

describe('literal set', () => {
  const literals = ['ignor', 'you are', 'system prompt', '<|im', '"role"', 'rm -', 'curl', 'x q~', 'aaa'];
  const set = createLiteralSet(literals);

  it('finds literals case-insensitively, with whitespace runs', () => {
    const hits = set.scan('Please IGNORE this.\nYou\t  are   fine. CURL it');
    const found = literals.filter((l) => hits.found[set.idOf(l)] === 1);
    expect(found.sort()).toEqual(['curl', 'ignor', 'you are']);
  });

  it('agrees with a naive search on random text', () => {
    const alphabet = fc.constantFrom('i', 'g', 'n', 'o', 'r', 'y', 'u', ' ', '\t', 'a', 'e', 'c', 'l', 'x', 'q', '~', '<', '|', 'm', '"', '-', 'A', 'R', 'é', '\n');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }).map((a) => a.join('')), (text) => {
        const hits = set.scan(text);
        for (const l of literals) expect(hits.found[set.idOf(l)] === 1, `${l} in ${JSON.stringify(text)}`).toBe(naive(text, l));
      }),
      { numRuns: 3000 },
    );
  });

  it('notes non-ASCII text, mixed-case base64 runs and percent signs', () => {
    expect(set.scan('naïve').nonAscii).toBe(true);
    expect(set.scan('aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRlc3Qgc3RyaW5n').base64Run).toBe(true);
    expect(set.scan('3fce3b5bb0236da2df6d99672afb8a719642eca7').base64Run).toBe(false);
    expect(set.scan('%41%42%43').percent).toBe(3);
  });

  it('refuses literals shorter than three characters', () => {
    expect(() => createLiteralSet(['ab'])).toThrow();
  });
});
