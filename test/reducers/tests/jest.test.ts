import { describe, expect, it } from 'vitest';
import { jestReducer } from '../../../src/reducers/tests/jest.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('jest reducer', () => {
  it('keeps each failure with expected vs received and the first project frame', () => {
    const f = fixture('jest', 'fail');
    const parts = reduce(jestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ failed: 3, skipped: 1, passed: 4, total: 8, suitesFailed: 1, suitesPassed: 1 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['total › three items']).toMatchObject({ error: 'expect(received).toBe(expected) // Object.is equality; Expected: 699; Received: 698', at: 'jest/cart.test.js:8' });
    expect(byTest['parsePrice › garbage']).toMatchObject({ error: 'TypeError: invalid price: abc', at: 'src/cart.js:12' });
  });

  it('groups failures with one message and counts passing tests', () => {
    const f = fixture('jest', 'large');
    const parts = reduce(jestReducer, f, f.exit);
    const slug = failures(parts).find((x) => x.count === 60)!;
    expect(slug.tests[0]).toBe('slug keeps punctuation out #0');
    expect(parts.omitted).toContainEqual({ what: 'passing tests (counted, not listed)', count: 243 });
  });

  it('reads "Summary of all failing tests" once, not twice', () => {
    const block = ['  ● math › adds', '', '    expect(received).toBe(expected) // Object.is equality', '', '    Expected: 3', '    Received: 2', '', '      at Object.toBe (src/math.test.ts:4:17)', ''];
    const text = ['FAIL src/math.test.ts', ...block, 'Summary of all failing tests', 'FAIL src/math.test.ts', ...block, 'Test Suites: 1 failed, 1 total', 'Tests:       1 failed, 1 total'].join('\n');
    const parts = reduce(jestReducer, { stderr: text });
    expect(parts.fields.failures).toHaveLength(1);
    expect(failures(parts)[0]!.count).toBe(1);
  });

  it('detects jest on stderr, not a timestamped CI log', () => {
    const f = fixture('jest', 'large');
    expect(jestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(jestReducer.detect(probe({ stdout: timestamped(f.stderr!) }))).toBeLessThan(0.5);
  });
});

describe('jest reducer: --json report', () => {
  it('reads counts and failures from the document, cited by pointer', () => {
    const f = fixture('jest', 'json-pipe');
    const run = jestReducer.start({ argv: [], errorPatterns: [], head: f.stdout!.slice(0, 1024) });
    run.line('stdout', 1, f.stdout!.trim().slice(0, 2000));
    run.json!(JSON.parse(f.stdout!), 'compact');
    const parts = run.finish({ code: 1, signal: null, timedOut: false });
    expect(parts.fields).toMatchObject({ failed: 64, passed: 243, skipped: 1, total: 308 });
    const slug = failures(parts).find((x) => x.count === 60)!;
    expect(slug).toMatchObject({ error: 'expect(received).toBe(expected) // Object.is equality; Expected: "item-0"; Received: "item-0!"', at: '/tmp/tt-js/jest-big/slug-many.test.js:2' });
    const cited = parts.citations.filter((c) => 'pointer' in c).map((c) => ('pointer' in c ? c.pointer : ''));
    expect(cited).toContain('');
    expect(cited).toContain('/testResults/0/assertionResults/0');
    expect(jestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
  });
});
