import { describe, expect, it } from 'vitest';
import { nodeTestReducer } from '../../../src/reducers/tests/node-test.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('node-test reducer', () => {
  it('reads TAP: failing tests with error, expected/actual and location; suites failing through subtests are not failures', () => {
    const f = fixture('node', 'test-tap-fail');
    const parts = reduce(nodeTestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ failed: 3, passed: 2, skipped: 1, total: 6 });
    const names = failures(parts).map((x) => x.tests[0]);
    expect(names).toEqual(['sums three items', 'rejects garbage', 'builds a user']);
    expect(failures(parts)[0]).toMatchObject({ error: 'Expected values to be strictly equal: 698 !== 699', at: '/tmp/tt-js/nt/cart.test.mjs:11' });
  });

  it('reads the spec reporter and does not count the repeated failure summary', () => {
    const f = fixture('node', 'test-spec-large');
    const parts = reduce(nodeTestReducer, f, f.exit);
    expect(parts.fields.failed).toBe(78);
    expect(failures(parts).reduce((a, x) => a + x.count, 0)).toBe(78);
  });

  it('spec reporter: a failure listed again after "✖ failing tests:" is cited from there, with the line that says where its test is declared', () => {
    const tree = [
      '▶ refunds',
      '  ✖ partial refund (3.2ms)',
      '    AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:',
      '        at TestContext.<anonymous> (file:///p/test/orders.test.js:25:12)',
      '✖ refunds (5.8ms)',
      'ℹ tests 2',
      'ℹ pass 1',
      'ℹ fail 1',
    ];
    const listed = ['', '✖ failing tests:', '', 'test at test/orders.test.js:24:11', '✖ partial refund (3.2ms)', '  AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:', '      at TestContext.<anonymous> (file:///p/test/orders.test.js:25:12)'];
    const parts = reduce(nodeTestReducer, { stdout: [...tree, ...listed].join('\n') }, 1);
    expect(failures(parts).map((x) => x.tests[0])).toEqual(['partial refund']);
    const cited = parts.citations.find((c) => c.label === 'failed: partial refund');
    expect(cited && 'from' in cited ? cited.from : null).toBe(12);
    // Without the repeated list (a run cut short), the failure read from the tree still counts.
    const alone = reduce(nodeTestReducer, { stdout: tree.join('\n') }, 1);
    const treeCited = alone.citations.find((c) => c.label === 'failed: partial refund');
    expect(treeCited && 'from' in treeCited ? treeCited.from : null).toBe(2);
  });

  it('detects node --test by argv and TAP by content, not a timestamped CI log', () => {
    expect(nodeTestReducer.detect(probe({}, ['node', '--test', 'test/']))).toBeGreaterThanOrEqual(0.9);
    const f = fixture('node', 'tap-pipe-large');
    expect(nodeTestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(nodeTestReducer.detect(probe({ stdout: timestamped(f.stdout!) }))).toBeLessThan(0.5);
  });

  it('states a green run by its pass count', () => {
    const f = fixture('node', 'test-success');
    const parts = reduce(nodeTestReducer, f, f.exit);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toMatchObject({ passed: 150 });
    expect(parts.fields.failed).toBeUndefined();
  });
  it('TAP from any producer: a `not ok` is a failure with or without a diagnostic block, `message:` is its error, nested messages are its focus', () => {
    const tap = [
      'TAP version 13',
      '1..3',
      'not ok 1 - src/a.js',
      '  ---',
      "  message: 'x' is not defined.",
      '  severity: error',
      '  messages:',
      '    - message: Unreachable code.',
      '      severity: error',
      '      data:',
      '        line: 17',
      '  ...',
      'not ok 2 - bare failure without diagnostics',
      'ok 3 - fine',
      'not ok 4 - src/b.js',
      '  ---',
      '  message: >-',
      "    Function 'walk' has a complexity of 30. Maximum",
      '    allowed is 25.',
      '  ...',
    ];
    const parts = reduce(nodeTestReducer, { stdout: tap.join('\n') }, 1);
    const got = failures(parts);
    expect(got.map((x) => x.tests[0])).toEqual(['src/a.js', 'bare failure without diagnostics', 'src/b.js']);
    expect(got[0]).toMatchObject({ error: "'x' is not defined." });
    // A YAML block scalar (`>-`) is not the message: its first line is.
    expect(got[2]).toMatchObject({ error: "Function 'walk' has a complexity of 30. Maximum" });
    const cited = parts.citations.find((c) => c.label === 'failed: src/a.js');
    expect(cited && 'focus' in cited ? cited.focus : []).toContain(8);
  });
});
