import { describe, expect, it } from 'vitest';
import { withoutAnsi } from '../../../src/core/lines.js';
import { vitestReducer } from '../../../src/reducers/tests/vitest.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('vitest reducer', () => {
  it('joins failures on stderr with totals on stdout', () => {
    const f = fixture('vitest', 'fail');
    const parts = reduce(vitestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ failed: 3, passed: 4, skipped: 1, total: 8, suitesFailed: 1 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['vt/cart.test.mjs > total > three items']).toMatchObject({ error: 'AssertionError: expected 698 to be 699 // Object.is equality', at: 'vt/cart.test.mjs:10' });
    expect(byTest['vt/cart.test.mjs > parsePrice > garbage']!.at).toBe('src/cart.js:12');
  });

  it('names the failing tests from the run\'s list when the Failed Tests section never came (output cut short)', () => {
    const f = fixture('vitest', 'list-cut-before-failures');
    // Captured in colour, as vitest prints it through a pipe: the line splitter strips the codes before any reducer reads a line.
    const parts = reduce(vitestReducer, { stdout: withoutAnsi(f.stdout!) }, 1);
    expect(parts.status).toBe('fail');
    expect(failures(parts).flatMap((x) => x.tests).sort()).toEqual(['rejects unknown direction', 'sorts descending']);
    // With the section there, its blocks are the failures: the list adds none of its own.
    const full = fixture('vitest', 'fail');
    expect(failures(reduce(vitestReducer, full, full.exit)).reduce((a, x) => a + x.count, 0)).toBe(3);
  });

  it('groups the same assertion across many tests', () => {
    const f = fixture('vitest', 'large');
    const parts = reduce(vitestReducer, f, f.exit);
    expect(failures(parts).find((x) => x.count === 60)?.error).toBe("AssertionError: expected 'item-0!' to be 'item-0' // Object.is equality");
  });

  it('detects vitest, not a timestamped CI log', () => {
    const f = fixture('vitest', 'large');
    expect(vitestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(vitestReducer.detect(probe({ stdout: timestamped(f.stdout!), stderr: timestamped(f.stderr!) }))).toBeLessThan(0.5);
  });
});
