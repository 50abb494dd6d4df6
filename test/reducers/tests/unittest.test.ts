import { describe, expect, it } from 'vitest';
import { unittestReducer } from '../../../src/reducers/tests/unittest.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('unittest reducer', () => {
  it('takes the last exception line as the message and the first project frame', () => {
    const f = fixture('python', 'unittest-fail');
    const parts = reduce(unittestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ total: 5, failed: 1, errors: 1, skipped: 1 });
    expect(failures(parts)).toEqual([
      { error: "ValueError: could not convert string to float: 'abc'", at: '/tmp/tt-py/test_cart.py:19', count: 1, tests: ['test_cart.PriceTest.test_garbage'] },
      { error: 'AssertionError: 698 != 699', at: '/tmp/tt-py/test_cart.py:11', count: 1, tests: ['test_cart.TotalTest.test_three'] },
    ]);
  });

  it('groups subtests failing the same way', () => {
    const f = fixture('python', 'unittest-large');
    const group = failures(reduce(unittestReducer, f, f.exit)).find((x) => x.count === 60)!;
    expect(group.tests[0]).toBe('test_cart.SlugTest.test_many (i=0)');
  });

  it('detects unittest on stderr, not a timestamped CI log', () => {
    const f = fixture('python', 'unittest-large');
    expect(unittestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(unittestReducer.detect(probe({ stdout: timestamped(f.stderr!) }))).toBeLessThan(0.5);
  });
});
