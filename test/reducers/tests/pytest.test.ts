import { describe, expect, it } from 'vitest';
import { pytestReducer } from '../../../src/reducers/tests/pytest.js';
import { failures, fixture, probe, reduce, timestamped } from './test-runner-helpers.js';

describe('pytest reducer', () => {
  it('reads the totals and each failure with its message and project frame', () => {
    const f = fixture('pytest', 'fail');
    const parts = reduce(pytestReducer, f, f.exit);
    expect(parts.status).toBe('fail');
    expect(parts.fields).toMatchObject({ failed: 3, passed: 1, skipped: 1, errors: 1 });
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['tests/test_cart.py::test_three']).toMatchObject({ error: 'assert 698 == 699', at: 'tests/test_cart.py:12' });
    expect(byTest['tests/test_cart.py::test_garbage']!.error).toContain("ValueError: could not convert string to float: 'abc'");
    expect(byTest['tests/test_cart.py::test_with_db']!.error).toContain('ConnectionError: could not connect to postgres');
    expect(parts.citations.filter((c) => c.priority === 'mandatory').length).toBeGreaterThanOrEqual(4);
  });

  it("cites a plugin's report table (pytest-benchmark) as measurements, not a failure's captured output", () => {
    const rule = '-'.repeat(40);
    const text = [
      '=================================== FAILURES ===================================',
      '__________________________ test_total __________________________',
      '>       assert total == 2998000.0',
      'E       assert 2998500.0 == 2998000.0',
      '',
      'test_bench.py:20: AssertionError',
      '----------------------------- Captured stdout call -----------------------------',
      'computing',
      '',
      `${rule} benchmark: 2 tests ${rule}`,
      'Name (time in us)        Min          Max',
      rule,
      'test_total          56.4630 (1.0)   62,157.3800 (4.52)',
      'test_json_dumps  2,023.5700 (35.84) 86,959.9870 (6.32)',
      rule,
      '',
      'Legend:',
      '========================= 1 failed, 1 passed in 15.85s =========================',
    ].join('\n');
    const parts = reduce(pytestReducer, { stdout: text }, 1);
    const measured = parts.citations.filter((c) => c.label === 'measurements').map((c) => ('from' in c ? [c.from, c.to] : null));
    expect(measured).toEqual([[11, 11], [13, 14]]);
    expect(failures(parts)[0]!.error).toBe('assert 2998500.0 == 2998000.0');
  });

  it('groups hundreds of failures sharing one message into one entry with a count', () => {
    const f = fixture('pytest', 'large-q');
    const parts = reduce(pytestReducer, f, f.exit);
    const slug = failures(parts).find((x) => x.error.includes("assert 'item-0!' == 'item-0'"))!;
    expect(slug.count).toBe(100);
    expect(slug.tests.length).toBeLessThanOrEqual(3);
    expect(slug.tests[0]).toBe('tests/test_slug_many.py::test_slug[0]');
    expect(parts.omitted.some((o) => o.what.startsWith('passing tests') && o.count === 601)).toBe(true);
  });

  it('names -q failure blocks without headers from the short summary, in order', () => {
    const text = [
      'F.F',
      '=================================== FAILURES ===================================',
      'E   NameError: name "x" is not defined',
      'tests/test_a.py:3: NameError',
      'E   assert 1 == 2',
      'tests/test_b.py:9: AssertionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_a.py::test_one - NameError: name "x"...',
      'FAILED tests/test_b.py::test_two - assert 1 == 2',
      '2 failed, 1 passed in 0.10s',
    ].join('\n');
    const parts = reduce(pytestReducer, { stdout: text });
    expect(failures(parts).map((x) => [x.tests[0], x.at])).toEqual([
      ['tests/test_a.py::test_one', 'tests/test_a.py:3'],
      ['tests/test_b.py::test_two', 'tests/test_b.py:9'],
    ]);
    expect(parts.fields).toMatchObject({ failed: 2, passed: 1 });
  });

  it('keeps collection errors and the interruption', () => {
    const f = fixture('pytest', 'collection-error');
    const parts = reduce(pytestReducer, f, f.exit);
    expect(failures(parts)[0]!.error).toContain("ImportError: cannot import name 'discount'");
    expect(parts.summary.some((b) => b.text.includes('Interrupted: 1 error during collection'))).toBe(true);
  });

  it('gives a success a tiny packet: counts and the totals line only', () => {
    const f = fixture('pytest', 'success-verbose');
    const parts = reduce(pytestReducer, f, f.exit);
    expect(parts.status).toBe('ok');
    expect(parts.fields).toEqual({ passed: 300 });
    expect(parts.citations).toHaveLength(1);
  });

  it('detects pytest output by content, but not inside a timestamped CI log', () => {
    const f = fixture('pytest', 'tb-short-pipe');
    expect(pytestReducer.detect(probe(f))).toBeGreaterThanOrEqual(0.9);
    expect(pytestReducer.detect(probe({ stdout: timestamped(f.stdout!) }))).toBeLessThan(0.5);
    expect(pytestReducer.detect(probe({ stdout: 'hello\nworld\n' }))).toBeLessThan(0.5);
  });

  it('falls back to the generic digest when nothing looks like pytest', () => {
    const parts = reduce(pytestReducer, { stdout: 'Error: something broke\n  at main\n' });
    expect(parts.notes?.[0]).toContain('no pytest results recognised');
  });
});

describe('pytest reducer: --tb=native', () => {
  it('takes the exception line ending a plain traceback as the message, and the project frame', () => {
    const f = fixture('pytest', 'tb-native');
    const parts = reduce(pytestReducer, f, f.exit);
    const byTest = Object.fromEntries(failures(parts).map((x) => [x.tests[0], x]));
    expect(byTest['tests/test_cart.py::test_three']).toMatchObject({ error: 'AssertionError: assert 698 == 699', at: '/tmp/tt-pyt/tests/test_cart.py:12' });
    const cited = parts.citations.find((c) => c.label === 'failed: test_three');
    expect(cited && 'focus' in cited ? cited.to : 0).toBe(cited && 'focus' in cited ? Math.max(...(cited.focus ?? [])) : -1);
  });
});

describe('pytest reducer: INTERNALERROR', () => {
  it('cites pytest crashing itself, ending with the exception', () => {
    const text = [
      '============================= test session starts ==============================',
      'collected 3 items',
      '',
      'INTERNALERROR> Traceback (most recent call last):',
      'INTERNALERROR>   File "/usr/lib/python3/dist-packages/_pytest/main.py", line 269, in wrap_session',
      'INTERNALERROR>     session.exitstatus = doit(config, session) or 0',
      'INTERNALERROR> KeyError: \'worker_id\'',
      '',
      '============================ no tests ran in 0.05s =============================',
    ].join('\n');
    const parts = reduce(pytestReducer, { stdout: text }, 3);
    expect(parts.status).toBe('fail');
    const crash = parts.citations.find((c) => c.label?.startsWith('INTERNALERROR'));
    expect(crash && 'from' in crash ? [crash.from, crash.to, crash.priority] : null).toEqual([4, 7, 'mandatory']);
  });

  it('cites the slowest test of --durations on a passing run (the runner chose it; no median needed)', () => {
    const stdout = [
      '============================= test session starts ==============================',
      'collected 3 items',
      '',
      'tests/test_a.py ...                                                      [100%]',
      '',
      '============================= slowest 5 durations ==============================',
      '2.10s call     tests/test_search.py::test_reindex_all',
      '0.01s teardown tests/test_carts.py::test_total[xs1-0]',
      '0.40s call     tests/test_a.py::test_fast',
      '',
      '(2 durations < 0.005s hidden.  Use -vv to show these durations.)',
      '============================== 3 passed in 2.60s ===============================',
    ].join('\n');
    const parts = reduce(pytestReducer, { stdout, stderr: '' }, 0);
    expect(parts.fields.slowest).toEqual(['tests/test_search.py::test_reindex_all 2.1s']);
    expect(parts.citations.find((c) => c.kind === 'slowest test')).toMatchObject({ from: 7, to: 7, priority: 'high' });
  });
});
