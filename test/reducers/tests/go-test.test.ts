import { describe, expect, it } from 'vitest';
import { goTestReducer } from '../../../src/reducers/tests/go-test.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

const ev = (o: Record<string, unknown>): string => JSON.stringify({ Time: '2026-01-01T00:00:00Z', ...o });

describe('go-test reducer: -json event stream', () => {
  it('keeps failing tests with their message and frame, drops parents failing only through subtests', () => {
    const f = fixture('go', 'json-pipe');
    const parts = reduce(goTestReducer, f, f.exit);
    expect(parts.fields).toMatchObject({ failed: 4, passed: 7, skipped: 1, packagesFailed: 2, packagesOk: 1 });
    const total = failures(parts).find((x) => x.error === 'Total() = 698, want 699')!;
    expect(total).toMatchObject({ at: 'cart_test.go:28', count: 2, tests: ['TestTotal/three', 'TestTotal/four'] });
    expect(failures(parts).some((x) => x.tests.includes('TestTotal'))).toBe(false);
    expect(parts.summary.some((b) => b.text.startsWith('panic: runtime error: index out of range'))).toBe(true);
  });

  it('reports a timeout panic and a package that fails without a failing test', () => {
    const pkg = 'example.com/svc';
    const lines = [
      ev({ Action: 'run', Package: pkg, Test: 'TestSlow' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestSlow', Output: '=== RUN   TestSlow\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestSlow', Output: 'panic: test timed out after 2s\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestSlow', Output: 'running tests:\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestSlow', Output: '\tTestSlow (2s)\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestSlow', Output: 'goroutine 7 [running]:\n' }),
      ev({ Action: 'output', Package: pkg, Output: `FAIL\t${pkg}\t2.010s\n` }),
      ev({ Action: 'fail', Package: pkg, Elapsed: 2.01 }),
      ev({ Action: 'output', Package: 'example.com/main', Output: 'TestMain: cannot open fixtures.db\n' }),
      ev({ Action: 'output', Package: 'example.com/main', Output: 'FAIL\texample.com/main\t0.003s\n' }),
      ev({ Action: 'fail', Package: 'example.com/main', Elapsed: 0.003 }),
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: lines });
    const messages = failures(parts).map((x) => [x.tests[0], x.error]);
    expect(messages).toContainEqual([pkg, 'panic: test timed out after 2s']);
    expect(messages).toContainEqual(['example.com/main', 'TestMain: cannot open fixtures.db']);
    const panic = parts.citations.find((c) => c.label === 'panic: test timed out after 2s');
    expect(panic && 'from' in panic ? [panic.from, panic.priority] : null).toEqual([3, 'mandatory']);
    expect(parts.fields.packagesFailed).toBe(2);
  });

  it('cites a skipped test by its reason event (which names the test), or by its --- SKIP line when it gave none', () => {
    const pkg = 'example.com/shop/router';
    const lines = [
      ev({ Action: 'run', Package: pkg, Test: 'TestWildcard' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestWildcard', Output: '=== RUN   TestWildcard\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestWildcard', Output: '    router_test.go:35: wildcard routes are not implemented yet\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestWildcard', Output: '--- SKIP: TestWildcard (0.00s)\n' }),
      ev({ Action: 'skip', Package: pkg, Test: 'TestWildcard', Elapsed: 0 }),
      ev({ Action: 'run', Package: pkg, Test: 'TestQuiet' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestQuiet', Output: '--- SKIP: TestQuiet (0.00s)\n' }),
      ev({ Action: 'skip', Package: pkg, Test: 'TestQuiet', Elapsed: 0 }),
      ev({ Action: 'output', Package: pkg, Output: `ok  \t${pkg}\t0.003s\n` }),
      ev({ Action: 'pass', Package: pkg, Elapsed: 0.003 }),
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: lines }, 0);
    expect(parts.status).toBe('ok');
    const skips = parts.citations.filter((c) => c.kind === 'warning').map((c) => ('from' in c ? [c.from, c.to] : null));
    expect(skips).toEqual([[3, 3], [7, 7]]);
    expect(parts.warningBytes).toBeGreaterThan(0);
  });

  it('an Example failing prints got: and want: on their own lines: the values make the error, the block keeps both, from its --- FAIL line', () => {
    // go test -count=1 -json -run Example over a package whose Split drops the remainder (session 16).
    const f = fixture('go', 'json-example-fail');
    const parts = reduce(goTestReducer, f, f.exit);
    expect(failures(parts).map((x) => [x.tests[0], x.error])).toEqual([
      ['ExampleSplit', 'got: [333 333 333]'],
      ['ExampleSplit_unordered', 'got: 2'],
    ]);
    const block = parts.citations.find((c) => c.label === 'failed: ExampleSplit');
    const lines = (f.stdout ?? '').split('\n');
    const text = block && 'from' in block ? lines.slice(block.from - 1, block.to).join('\n') : '';
    expect(text).toContain('--- FAIL: ExampleSplit (0.00s)');
    expect(text).toContain('"Output":"[334 333 333]\\n"');
  });

  it('a package that dies inside a test (os.Exit) is explained by what that test printed last, not by TestMain\'s first line', () => {
    const pkg = 'example.com/depot/ledger';
    const lines = [
      ev({ Action: 'output', Package: pkg, Output: 'ledger: opening fixture database testdata/ledger.db\n' }),
      ev({ Action: 'run', Package: pkg, Test: 'TestPostBalanced' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestPostBalanced', Output: '--- PASS: TestPostBalanced (0.00s)\n' }),
      ev({ Action: 'pass', Package: pkg, Test: 'TestPostBalanced', Elapsed: 0 }),
      ev({ Action: 'run', Package: pkg, Test: 'TestReconcileExits' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestReconcileExits', Output: '=== RUN   TestReconcileExits\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestReconcileExits', Output: 'reconcile: 3 accounts checked\n' }),
      ev({ Action: 'output', Package: pkg, Test: 'TestReconcileExits', Output: 'reconcile: account 4410 drifted by 12 cents; aborting\n' }),
      ev({ Action: 'output', Package: pkg, Output: `FAIL\t${pkg}\t0.006s\n` }),
      ev({ Action: 'fail', Package: pkg, Elapsed: 0.006 }),
    ];
    const parts = reduce(goTestReducer, { stdout: lines.join('\n') }, 1);
    expect(failures(parts).map((x) => [x.tests[0], x.error])).toEqual([[pkg, 'reconcile: 3 accounts checked']]);
    const block = parts.citations.find((c) => c.label === `failed: ${pkg}`);
    expect(block && 'from' in block ? [block.from, block.to] : null).toEqual([7, 8]);
  });

  it('detects the event stream by content', () => {
    expect(goTestReducer.detect(probe(fixture('go', 'json-pipe')))).toBeGreaterThanOrEqual(0.9);
  });
});

describe('go-test reducer: text output', () => {
  it('a package with no test files is its own outcome: counted apart from the packages that passed, and cited', () => {
    const text = ['ok  \texample.com/shop/cart\t0.002s', '?   \texample.com/shop/cmd/crash\t[no test files]', 'ok  \texample.com/shop/money\t0.005s'].join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    expect(parts.fields).toMatchObject({ packagesOk: 2, packagesNoTests: 1 });
    expect(parts.summary[0]?.text).toBe('2 packages ok, 1 package without tests');
    expect(parts.citations.some((c) => 'from' in c && c.from === 2)).toBe(true);
    const json = [ev({ Action: 'skip', Package: 'example.com/shop/cmd/crash', Elapsed: 0 }), ev({ Action: 'pass', Package: 'example.com/shop/cart', Elapsed: 0.002 })].join('\n');
    expect(reduce(goTestReducer, { stdout: json }, 0).fields).toMatchObject({ packagesOk: 1, packagesNoTests: 1 });
  });

  it('past a dozen package results, a package without tests is cited above the plain ok lines, its bytes asked for', () => {
    const text = Array.from({ length: 16 }, (_, i) => (i === 9 ? '?   \texample.com/std/fixtures\t[no test files]' : `ok  \texample.com/std/pkg${i}\t0.0${i % 10}s`)).join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    const odd = parts.citations.find((c) => 'from' in c && c.from === 10)!;
    expect(odd).toMatchObject({ label: 'result', priority: 'normal' });
    expect(parts.citations.filter((c) => c.label === 'result' && c.priority === 'low')).toHaveLength(13);
    expect(parts.warningBytes).toBeGreaterThan(3 * 40);
  });

  it('-cover: each package coverage line is a measurement (cited high, budgeted), in text and in -json', () => {
    const text = ['ok  \texample.com/a\t0.01s\tcoverage: 11.9% of statements', 'ok  \texample.com/b\t0.02s\tcoverage: 83.3% of statements', 'ok  \texample.com/c\t0.01s'].join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    expect(parts.citations.find((c) => c.label === 'measurements')).toMatchObject({ from: 1, to: 2, priority: 'high' });
    expect(parts.summary.some((b) => b.text === '2 coverage lines')).toBe(true);
    expect(parts.answerBytes).toBeGreaterThan(100);
    const pkg = 'example.com/shop/pricing';
    const json = [
      ev({ Action: 'run', Package: pkg, Test: 'TestTotal' }),
      ev({ Action: 'pass', Package: pkg, Test: 'TestTotal', Elapsed: 0 }),
      ev({ Action: 'output', Package: pkg, Output: 'coverage: 84.6% of statements\n' }),
      ev({ Action: 'output', Package: pkg, Output: `ok  \t${pkg}\t0.017s\tcoverage: 84.6% of statements\n` }),
      ev({ Action: 'pass', Package: pkg, Elapsed: 0.017 }),
    ].join('\n');
    const jparts = reduce(goTestReducer, { stdout: json }, 0);
    expect(jparts.citations.find((c) => c.label === 'measurements')).toMatchObject({ from: 4, to: 4 });
    expect(jparts.summary.some((b) => b.text === '1 coverage line')).toBe(true);
  });

  it('past a dozen package results, the first and last ask for room and the others fill what is left', () => {
    const text = Array.from({ length: 20 }, (_, i) => `ok  \texample.com/std/pkg${i}\t0.0${i % 10}s`).join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    const results = parts.citations.filter((c) => c.label === 'result' || c.label === 'last package result').map((c) => ('from' in c ? [c.from, c.priority] : null));
    expect(results.filter((r) => r![1] !== 'low').map((r) => r![0]).sort((a, b) => Number(a) - Number(b))).toEqual([1, 20]);
    expect(results.filter((r) => r![1] === 'low')).toHaveLength(18);
  });

  it('on success cites what passing tests printed (t.Log), each line once, in the room the outcome left', () => {
    const text = [
      '=== RUN   TestSeed',
      '    db_test.go:21: seeded 100 rows into orders',
      '--- PASS: TestSeed (0.01s)',
      '=== RUN   TestSeedAgain',
      '    db_test.go:21: seeded 250 rows into orders',
      '--- PASS: TestSeedAgain (0.01s)',
      'PASS',
      'ok  \texample.com/shop/db\t0.02s',
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    const logs = parts.citations.filter((c) => c.label?.startsWith('test output')).map((c) => ('from' in c ? [c.from, c.to, c.label, c.priority] : null));
    expect(logs).toEqual([[2, 2, 'test output ×2, last at line 5', 'normal']]);
  });

  it('cites benchmark results as measurements, the data a passing benchmark run was made for', () => {
    const text = [
      'goos: linux',
      'pkg: example.com/shop/money',
      'BenchmarkFormat-2        \t 9442245\t       175.3 ns/op\t      15 B/op\t       1 allocs/op',
      'BenchmarkParse-2         \t49772084\t        25.62 ns/op\t       0 B/op\t       0 allocs/op',
      'PASS',
      'ok  \texample.com/shop/money\t5.909s',
      'pkg: example.com/shop/textutil',
      'BenchmarkSlug-2       \t 3358033\t       362.4 ns/op',
      'PASS',
      'ok  \texample.com/shop/textutil\t3.083s',
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    const measured = parts.citations.filter((c) => c.label === 'measurements').map((c) => ('from' in c ? [c.from, c.to, c.priority] : null));
    expect(measured).toEqual([[3, 4, 'high'], [8, 8, 'high']]);
    expect(parts.summary.map((b) => b.text)).toContain('3 benchmark results');
    expect(parts.answerBytes).toBeGreaterThan(150);
    // The per-package results rank below the measurements then.
    expect(parts.citations.filter((c) => c.label === 'result').every((c) => c.priority === 'normal')).toBe(true);
  });

  it('reads -v output where verdicts of subtests come after their logs, grouping one message', () => {
    const f = fixture('go', 'large-verbose');
    const parts = reduce(goTestReducer, f, f.exit);
    const [group] = failures(parts);
    expect(group).toMatchObject({ at: 'bulk_test.go:19', count: 134 });
    expect(group!.error).toMatch(/^Slug\("Item Number 0!"\) = "item-number-0!", want/);
    expect(parts.citations.some((c) => c.label === 'package failed')).toBe(true);
  });

  it('cites the lines of other call sites far below a failing test\'s t.Logf loop, plain and -v, one bullet for them', () => {
    const rows = Array.from({ length: 60 }, (_, i) => (i === 44 || i === 54 ? `    feed_test.go:30: line ${i + 1}: want 3 fields, got 2` : `    feed_test.go:34: line ${i + 1}: SKU-${i + 1} qty=${i % 7}`));
    const body = [...rows, '    feed_test.go:36: imported 58 of 60 rows'];
    for (const [name, lines, offset] of [
      ['-v', ['=== RUN   TestFeed', ...body, '--- FAIL: TestFeed (0.00s)', 'FAIL', 'FAIL\texample.com/feed\t0.01s'], 1],
      ['plain', ['--- FAIL: TestFeed (0.00s)', ...body, 'FAIL', 'FAIL\texample.com/feed\t0.01s'], 1],
    ] as const) {
      const parts = reduce(goTestReducer, { stdout: lines.join('\n') });
      const far = parts.citations.filter((c) => c.label === 'failed: TestFeed (another call site)').map((c) => ('from' in c ? c.from : 0));
      // Rows 45 and 55 and the summary row, each its own line (the first is line 1 + offset).
      expect(far, name).toEqual([45 + offset, 55 + offset, 61 + offset]);
      const bullets = parts.summary.filter((b) => b.text.startsWith('failed: TestFeed:'));
      expect(bullets.map((b) => [b.text, b.cites?.length]), name).toEqual([['failed: TestFeed: 3 more lines from other call sites far below its first output', 3]]);
    }
  });

  it('a loop of one call site adds no such lines: the first rows are the block, as before', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `    feed_test.go:30: line ${i + 1}: want 3 fields, got ${i}`);
    const parts = reduce(goTestReducer, { stdout: ['--- FAIL: TestFeed (0.00s)', ...rows, 'FAIL', 'FAIL\texample.com/feed\t0.01s'].join('\n') });
    expect(parts.citations.filter((c) => c.label?.includes('another call site'))).toEqual([]);
  });

  it('names the first failing tests of a group and the latest, not only the first ones', () => {
    const lines = ['a', 'b', 'c', 'd', 'e'].flatMap((x) => [`    --- FAIL: TestLine/${x} (0.00s)`, '        line_test.go:27: want width 17']);
    const parts = reduce(goTestReducer, { stdout: ['--- FAIL: TestLine (0.00s)', ...lines, 'FAIL', 'FAIL\texample.com/line\t0.01s'].join('\n') });
    expect(failures(parts)).toMatchObject([{ error: 'want width 17', count: 5, tests: ['TestLine/a', 'TestLine/b', 'TestLine/e'] }]);
  });

  it('reads an Example failure in plain output the same way: got: and want: with their values', () => {
    const got = ['--- FAIL: ExampleSplit (0.00s)', 'got:', '[333 333 333]', 'want:', '[334 333 333]'];
    const other = ['--- FAIL: ExampleSplit_unordered (0.00s)', 'got:', '2', '2', '2', '2', '', 'want (unordered):', '3', '3', '2', '2', ''];
    const stdout = [...got, ...other, 'FAIL', 'FAIL\texample.com/depot/money\t0.011s', 'FAIL'];
    const parts = reduce(goTestReducer, { stdout: stdout.join('\n') }, 1);
    expect(failures(parts).map((x) => x.error)).toEqual(['got: [333 333 333]', 'got: 2']);
    const block = parts.citations.find((c) => c.label === 'failed: ExampleSplit');
    expect(block && 'from' in block ? [block.from, block.to] : null).toEqual([1, 5]);
  });

  it('cites the changed rows of a long diff in a failure message, far below the lines kept for its block', () => {
    const context = Array.from({ length: 30 }, (_, i) => `          SKU-${String(i).padStart(4, '0')}   widget model ${i}   ${i}.00`);
    const stdout = [
      '--- FAIL: TestInvoiceGolden (0.00s)',
      '    render_test.go:48: invoice differs from testdata/invoice.golden (-want +got):',
      ...context.slice(0, 17),
      '        - SKU-0126   widget model 18   143.28',
      '        + SKU-0126   widget model 18   143.29',
      ...context.slice(17),
      'FAIL',
      'FAIL\texample.com/depot/render\t0.005s',
      'FAIL',
    ];
    const parts = reduce(goTestReducer, { stdout: stdout.join('\n') }, 1);
    const minus = stdout.indexOf('        - SKU-0126   widget model 18   143.28') + 1;
    const changed = parts.citations.filter((c) => c.label?.startsWith('failed: TestInvoiceGolden (changed row'));
    expect(changed.some((c) => 'from' in c && c.from <= minus && c.to >= minus + 1) || (changed.length === 2 && changed.every((c) => 'from' in c && c.from >= minus && c.to <= minus + 1))).toBe(true);
    expect(parts.summary.some((b) => b.text === 'failed: TestInvoiceGolden: 2 changed rows of the diff in its message')).toBe(true);
  });

  it('reads plain output (logs after --- FAIL) and a panic with its first project frame', () => {
    const f = fixture('go', 'fail-plain');
    const parts = reduce(goTestReducer, f, f.exit);
    expect(failures(parts).map((x) => x.tests[0])).toEqual(['TestTotal/three', 'TestFirst']);
    const panic = parts.citations.find((c) => c.label?.startsWith('panic: runtime error'));
    expect(panic && 'focus' in panic ? panic.focus?.length : 0).toBeGreaterThan(0);
  });

  it('turns compiler errors of a failed build into failures with file:line', () => {
    const f = fixture('go', 'build-failed');
    const parts = reduce(goTestReducer, f, f.exit);
    expect(failures(parts).map((x) => x.at)).toEqual(['store/store_test.go:8', 'store/store_test.go:12']);
    expect(parts.summary.some((b) => b.text === 'build failed: example.com/store/store')).toBe(true);
  });

  it('keeps testify messages and the Error Trace frame', () => {
    const text = [
      '=== RUN   TestParse',
      '--- FAIL: TestParse (0.00s)',
      '\tassertions.go:247:',
      '\t\tError Trace:\tparse_test.go:29',
      '\t\tError:      \tNot equal:',
      '\t\t            \texpected: 3',
      '\t\t            \tactual  : 2',
      '\t\tTest:       \tTestParse',
      '\t\tMessages:   \tcount of fields',
      'FAIL',
      'FAIL\texample.com/parse\t0.004s',
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: text });
    expect(failures(parts)[0]).toMatchObject({ error: 'Not equal: count of fields', at: 'parse_test.go:29', tests: ['TestParse'] });
  });

  it('does not claim a timestamped CI log', () => {
    expect(goTestReducer.detect(probe({ stdout: timestamped(fixture('go', 'large-verbose').stdout!) }))).toBeLessThan(0.5);
  });
});

describe('go-test reducer: build events in -json (Go 1.24+)', () => {
  it('turns build-output compiler errors into failures and does not report the package twice', () => {
    const imp = 'example.com/store/store [example.com/store/store.test]';
    const lines = [
      JSON.stringify({ ImportPath: imp, Action: 'build-output', Output: '# example.com/store/store [example.com/store/store.test]\n' }),
      JSON.stringify({ ImportPath: imp, Action: 'build-output', Output: 'store/store_test.go:8:7: assignment mismatch: 1 variable but s.Get returns 2 values\n' }),
      JSON.stringify({ ImportPath: imp, Action: 'build-fail' }),
      ev({ Action: 'start', Package: 'example.com/store/store' }),
      ev({ Action: 'output', Package: 'example.com/store/store', Output: 'FAIL\texample.com/store/store [build failed]\n' }),
      ev({ Action: 'fail', Package: 'example.com/store/store', Elapsed: 0, FailedBuild: imp }),
    ].join('\n');
    expect(goTestReducer.detect(probe({ stdout: lines }))).toBeGreaterThanOrEqual(0.9);
    const parts = reduce(goTestReducer, { stdout: lines });
    expect(failures(parts)).toEqual([{ error: 'assignment mismatch: 1 variable but s.Get returns 2 values', at: 'store/store_test.go:8', count: 1, tests: ['example.com/store/store'] }]);
  });
});

describe('go-test reducer: gotestsum', () => {
  it('reads the failed-tests summary and the DONE totals', () => {
    const text = [
      '✓  example.com/shop/pricing (cached)',
      '✖  example.com/shop/cart (12ms)',
      '',
      '=== Failed',
      '=== FAIL: example.com/shop/cart TestTotal/three (0.00s)',
      '    cart_test.go:28: Total() = 698, want 699',
      '--- FAIL: TestTotal/three (0.00s)',
      '',
      '=== FAIL: example.com/shop/cart TestTotal (0.00s)',
      '',
      'DONE 9 tests, 1 skipped, 2 failures in 0.412s',
    ].join('\n');
    expect(goTestReducer.detect(probe({ stdout: text }))).toBeGreaterThanOrEqual(0.9);
    const parts = reduce(goTestReducer, { stdout: text });
    expect(parts.fields).toMatchObject({ total: 9, skipped: 1, failed: 2, packagesOk: 1, packagesFailed: 1 });
    expect(failures(parts)).toEqual([{ error: 'Total() = 698, want 699', at: 'cart_test.go:28', count: 1, tests: ['TestTotal/three'] }]);
  });
});

describe('go-test reducer: what a verdict keeps beyond the failures', () => {
  it('cites the slowest top-level test of a passing -v run when it stands out, not when every test is as slow', () => {
    const run = (seconds: (i: number) => string): string => [...Array.from({ length: 12 }, (_, i) => [`=== RUN   TestCase${i}`, `--- PASS: TestCase${i} (${seconds(i)}s)`, `    --- PASS: TestCase${i}/sub (${seconds(i)}s)`]).flat(), 'PASS', 'ok  \texample.com/svc\t9.1s'].join('\n');
    const slow = reduce(goTestReducer, { stdout: run((i) => (i === 7 ? '3.21' : '0.01')) }, 0, ['go', 'test', '-v', './...']);
    expect(slow.fields.slowest).toEqual(['TestCase7 3.21s']);
    expect(slow.citations.filter((c) => c.kind === 'slowest test').map((c) => ('from' in c ? [c.from, c.priority] : []))).toEqual([[23, 'high']]);
    expect(slow.summary.map((b) => b.text)).toContain('slowest: TestCase7 (3.21s)');
    const even = reduce(goTestReducer, { stdout: run(() => '2.00') }, 0, ['go', 'test', '-v', './...']);
    expect(even.fields.slowest).toBeUndefined();
  });

  const run = [
    '=== RUN   TestParseAnchors',
    '    yamlx_test.go:132: anchors need the v3 decoder; see issue 41',
    '--- SKIP: TestParseAnchors (0.00s)',
    'PASS',
    'ok  \texample.com/codec/yamlx\t0.665s',
    '=== RUN   TestParseEscapes',
    '    urlq_test.go:134: Parse("a%20b") = 5, want 3',
    '--- FAIL: TestParseEscapes (0.00s)',
    'FAIL',
    'FAIL\texample.com/codec/urlq\t0.650s',
    '=== RUN   TestParseHuge',
    '--- SKIP: TestParseHuge (0.00s)',
    'PASS',
    'ok  \texample.com/codec/hexdump\t0.592s',
    'FAIL',
  ];
  const cited = (parts: ReturnType<typeof reduce>): Array<[number, number, string]> =>
    parts.citations.flatMap((c) => ('from' in c ? [[c.from, c.to, c.label] as [number, number, string]] : []));

  it('cites the skip reasons, the other packages results and the failing test with its verdict line', () => {
    const parts = reduce(goTestReducer, { stdout: run.join('\n') }, 1);
    const lines = cited(parts);
    expect(lines).toContainEqual([7, 8, 'failed: TestParseEscapes']);
    // A skip's reason is cited with the verdict line that names its test.
    expect(lines).toContainEqual([2, 3, 'warning']);
    expect(lines).toContainEqual([12, 12, 'warning']);
    expect(lines.filter((c) => c[2] === 'result').map((c) => c[0])).toEqual([5, 14]);
  });

  it("cites a skipped subtest's verdict line beside its reason when its siblings' lines come between (-v)", () => {
    const text = [
      '=== RUN   TestSplit',
      '=== RUN   TestSplit/even',
      '=== RUN   TestSplit/three',
      '    money_test.go:22: remainder handling tracked in LEDGER-42',
      '--- PASS: TestSplit (0.00s)',
      '    --- PASS: TestSplit/even (0.00s)',
      '    --- SKIP: TestSplit/three (0.00s)',
      'PASS',
      'ok  \texample.com/ledger/money\t0.002s',
    ].join('\n');
    const parts = reduce(goTestReducer, { stdout: text }, 0);
    const lines = cited(parts);
    expect(lines).toContainEqual([4, 4, 'warning']);
    expect(lines).toContainEqual([7, 7, 'its verdict']);
    // The verdict line's bytes are asked for with the reason's.
    expect(parts.warningBytes).toBeGreaterThan('remainder handling tracked in LEDGER-42'.length + '    --- SKIP: TestSplit/three (0.00s)'.length);
  });

  it('on success lists every package result when few, and the skips', () => {
    const ok = run.filter((l, i) => i < 5 || i >= 10).map((l) => (l === 'FAIL' ? 'PASS' : l));
    const parts = reduce(goTestReducer, { stdout: ok.join('\n') }, 0);
    expect(parts.status).toBe('ok');
    const lines = cited(parts);
    expect(lines.map((c) => c[0])).toEqual(expect.arrayContaining([2, 5, 7, 9]));
    expect(parts.warningBytes).toBeGreaterThan(0);
  });

  it('ranks the coverage lines whose value differs from the common one with the outcome (-cover -v over many packages)', () => {
    const lines: string[] = [];
    const pkgs = Array.from({ length: 12 }, (_, i) => `p${i}`);
    for (const p of pkgs) {
      lines.push(`=== RUN   TestNormalize`, `--- PASS: TestNormalize (0.00s)`, 'PASS');
      lines.push(`coverage: ${p === 'p5' ? '0.0' : '6.7'}% of statements`);
      lines.push(`ok  \texample.com/inv/internal/${p}\t0.01s\tcoverage: ${p === 'p5' ? '0.0' : '6.7'}% of statements`);
    }
    const parts = reduce(goTestReducer, { stdout: lines.join('\n'), stderr: '' }, 0);
    const measured = parts.citations.filter((c) => c.label === 'measurements');
    expect(measured).toHaveLength(12);
    const high = measured.filter((c) => c.priority === 'high').map((c) => ('from' in c ? c.from : 0));
    // The first, the one at 0.0%, the last.
    expect(high).toEqual([5, 30, 60]);
    // The bullet cites the stand-out first.
    expect(parts.summary.find((b) => b.text === '12 coverage lines')!.cites!.slice(0, 3)).toEqual(measured.filter((c) => c.priority === 'high').map((c) => c.ref));
  });
});
