import { describe, expect, it } from 'vitest';
import { mochaReducer } from '../../../src/reducers/tests/mocha.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('mocha reducer', () => {
  it('names failures from their multi-line titles and keeps message and frame', () => {
    const f = fixture('node', 'mocha-fail');
    const parts = reduce(mochaReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ passed: 3, skipped: 1, failed: 3 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['cart total() sums three items']).toMatchObject({ error: 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 698 !== 699', at: 'mt/cart.spec.js:10' });
    expect(byTest['cart parsePrice() rejects garbage']).toMatchObject({ error: 'TypeError: invalid price: abc', at: 'src/cart.js:12' });
  });

  it('groups repeated assertions', () => {
    const f = fixture('node', 'mocha-large');
    expect(failures(reduce(mochaReducer, f, f.exit))[0]!.count).toBe(75);
  });

  it('on success names the pending tests and the tests mocha timed as slow', () => {
    const f = fixture('node', 'mocha-pending-slow');
    const parts = reduce(mochaReducer, f, f.exit);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ passed: 452, skipped: 2, slowest: ['slow gateway 0.321s'] });
    const cited = (pattern: RegExp): boolean => parts.citations.some((c) => 'from' in c && pattern.test(f.stdout!.split('\n')[c.from - 1]!));
    expect(cited(/- applies stacked codes/)).toBe(true);
    expect(parts.citations.some((c) => 'from' in c && c.from <= 459 && c.to >= 459)).toBe(true); // - refunds partially
    expect(cited(/slow gateway \(321ms\)/)).toBe(true);
    // A `- x` line after the totals is a failure's diff, not a pending test.
    const failed = fixture('node', 'mocha-fail');
    expect(reduce(mochaReducer, failed, failed.exit).fields).toMatchObject({ skipped: 1 });
  });

  it('detects mocha, not a timestamped CI log', () => {
    const f = fixture('node', 'mocha-large');
    expect(mochaReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(mochaReducer.detect(probe({ stdout: timestamped(f.stdout!) }))).toBeLessThan(0.5);
  });
});
