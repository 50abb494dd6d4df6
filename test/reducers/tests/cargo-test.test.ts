import { describe, expect, it } from 'vitest';
import { cargoTestReducer } from '../../../src/reducers/tests/cargo-test.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('cargo-test reducer', () => {
  it('keeps each panic with its message, left/right values and location', () => {
    const f = fixture('cargo', 'fail');
    const parts = reduce(cargoTestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ passed: 2, failed: 3, ignored: 1 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['tests::three_items']).toMatchObject({ error: 'assertion `left == right` failed: discount must not apply; left: 698; right: 699', at: 'src/lib.rs:36' });
  });

  it('sums the totals of every test binary and cites the failing ones', () => {
    const f = fixture('cargo', 'large');
    const parts = reduce(cargoTestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ passed: 383, failed: 63 });
    expect(parts.citations.filter((c) => c.label === 'failed binary')).toHaveLength(2);
  });

  it('turns compile errors into failures with their location', () => {
    const f = fixture('cargo', 'compile-error');
    const parts = reduce(cargoTestReducer, f, f.exit);
    expect(failures(parts).map((x) => [x.error, x.at])).toEqual([
      ['error[E0308]: mismatched types', 'src/lib.rs:12'],
      ['error[E0425]: cannot find function `missing_helper` in this scope', 'src/lib.rs:14'],
    ]);
    expect(parts.summary.some((b) => b.text.startsWith('could not compile `inventory`'))).toBe(true);
  });

  it('detects libtest output, not a timestamped CI log', () => {
    const f = fixture('cargo', 'large');
    expect(cargoTestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(cargoTestReducer.detect(probe({ stdout: timestamped(f.stdout!) }))).toBeLessThan(0.5);
  });

  it('cites what a passing test printed under --nocapture, not the harness lines', () => {
    const stdout = [
      '',
      'running 3 tests',
      'test fx::tests::a ... ok',
      'loaded 168 fx rates; EUR/CHF rate is stale (last update 2026-11-02)',
      'test fx::tests::b ... ok',
      'test fx::tests::c ... ignored, needs a running postgres',
      '',
      'test result: ok. 2 passed; 0 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s',
      '',
    ].join('\n');
    const parts = reduce(cargoTestReducer, { stdout, stderr: '' }, 0);
    const logs = parts.citations.filter((c) => c.label === 'test output');
    expect(logs.map((c) => ('from' in c ? c.from : 0))).toEqual([4]);
  });
});
