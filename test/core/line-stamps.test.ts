import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';
import { isSourcePrefixed, isStamped, unstamp } from '../../src/core/line-stamps.js';
import { run } from '../reducers/helpers.js';

const fixtures = path.resolve(__dirname, '../../fixtures');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-stamps-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Piped with no flags under the `auto` budget, as an agent's host pipes a collector's log. */
function piped(stdout: string) {
  return reduceOutputSync({ stdout, argv: [], command: '', exit: { code: 0, signal: null }, mode: 'pipe', outputsDir: path.join(work, String(Math.random()).slice(2)), cwd: work });
}

// `go test -v` output as a CI job's raw log or `docker logs -t` prints it: a time before every line.
const GO_TEST = [
  ...Array.from({ length: 300 }, (_, i) => [`=== RUN   TestParse/case_${i}`, `--- PASS: TestParse/case_${i} (0.00s)`]).flat(),
  '=== RUN   TestTotals',
  '    totals_test.go:41: got 12, want 13',
  '--- FAIL: TestTotals (0.01s)',
  '=== RUN   TestRound',
  '--- PASS: TestRound (0.00s)',
  'FAIL',
  'FAIL\texample.com/shop/cart\t0.014s',
  'ok  \texample.com/shop/tax\t0.009s',
  'FAIL',
];
const stamp = (lines: string[]) => lines.map((l, i) => `2026-11-24T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.1234567Z ${l}`).join('\n') + '\n';

describe('lines behind a collector timestamp', () => {
  it('knows a head whose lines (nearly) all carry one, and leaves GitHub runner logs and ordinary logs alone', () => {
    expect(isStamped(stamp(GO_TEST))).toBe(true);
    expect(isStamped(GO_TEST.map((l) => `build\tRun go test\t2026-11-24T10:00:00.000Z ${l}`).join('\n') + '\n')).toBe(true);
    expect(isStamped(stamp(['##[group]Run go test ./...', ...GO_TEST]))).toBe(false);
    expect(isStamped(GO_TEST.join('\n') + '\n')).toBe(false);
    expect(unstamp('2026-11-24T10:00:01+02:00 --- FAIL: TestTotals (0.01s)')).toBe('--- FAIL: TestTotals (0.01s)');
    expect(unstamp('no stamp here')).toBe('no stamp here');
  });

  it("reads the tool's own lines past the stamps: a piped go test run is go test's, its failure cited", () => {
    const plain = run(GO_TEST.join('\n') + '\n');
    const stamped = run(stamp(GO_TEST));
    expect(stamped.reducer).toBe(plain.reducer);
    expect(stamped.reducer).toMatch(/^go-test@/);
    expect(stamped.text).toContain('--- FAIL: TestTotals (0.01s)');
    // Excerpts leave the stamps out (the artifact keeps them), and the packet says so.
    expect(stamped.text).not.toMatch(/Z --- FAIL: TestTotals/);
    expect((stamped.packet!.notes ?? []).join('\n')).toMatch(/timestamp/);
  });

  it('parses a pretty JSON document behind the stamps as the document it is', () => {
    const doc = { packages: Array.from({ length: 400 }, (_, i) => ({ name: `pkg-${i}`, version: `1.${i}.0`, status: i === 57 ? 'failed' : 'ok' })) };
    const stamped = run(stamp(JSON.stringify(doc, null, 2).split('\n')));
    expect(stamped.reducer).toMatch(/^json@/);
    // A document read as one has pointer citations; read as lines it would have none.
    expect(stamped.packet!.citations.some((c) => c.pointer !== undefined)).toBe(true);
    expect(stamped.text).toContain('pkg-57');
  });
});

// pytest's report as `docker compose up tests` prints one service's lines.
const PYTEST = [
  '============================= test session starts ==============================',
  'collected 40 items',
  '',
  'tests/test_cart.py ........................................F            [100%]',
  '',
  '=================================== FAILURES ===================================',
  '___________________________ test_coupon_never_negative ___________________________',
  '',
  '    def test_coupon_never_negative():',
  '>       assert total([(1, 1)], coupon=3) == 0',
  'E       assert -2 == 0',
  '',
  'tests/test_cart.py:7: AssertionError',
  '=========================== short test summary info ============================',
  'FAILED tests/test_cart.py::test_coupon_never_negative - assert -2 == 0',
  '========================= 1 failed, 39 passed in 0.12s =========================',
];
const service = (name: string, lines: string[]) => lines.map((l) => (l ? `${name}  | ${l}` : `${name}  |`)).join('\n') + '\n';

describe('lines behind their source (docker compose, kubectl logs --prefix)', () => {
  it('knows one source before every line, and leaves interleaved services and tables alone', () => {
    expect(isStamped(service('tests-1', PYTEST))).toBe(true);
    expect(isSourcePrefixed(service('tests-1', PYTEST))).toBe(true);
    expect(isStamped(PYTEST.map((l) => `[pod/api-7f9c-xk2/app] ${l}`).join('\n') + '\n')).toBe(true);
    const mixed = PYTEST.map((l, i) => `${i % 2 ? 'db-1   ' : 'tests-1'}  | ${l}`).join('\n') + '\n';
    expect(isStamped(mixed)).toBe(false);
    expect(isStamped(' id | name\n----+------\n  1 | ann\n  2 | bob\n  3 | cid\n(3 rows)\n')).toBe(false);
    expect(isSourcePrefixed(stamp(GO_TEST))).toBe(false);
    expect(unstamp('tests-1  | E       assert -2 == 0')).toBe('E       assert -2 == 0');
    expect(unstamp('web_1    | 2026-11-24T10:00:01Z GET / 200')).toBe('GET / 200');
    expect(unstamp('tests-1  |')).toBe('');
  });

  it("reads a tool's report past the prefix even when the collector's reader claimed it, and cites without it", () => {
    const verbose = [...PYTEST.slice(0, 3), ...Array.from({ length: 300 }, (_, i) => `tests/test_prices.py::test_unit_price[${i}] PASSED`), ...PYTEST.slice(5)];
    const result = run(service('tests-1', verbose));
    expect(result.reducer).toMatch(/^pytest@/);
    expect(result.text).toContain('FAILED tests/test_cart.py::test_coupon_never_negative');
    expect(result.text).not.toMatch(/tests-1 {2}\| E {7}assert/);
  });

  it("keeps a service's plain log with the collector's reader, prefixes and all", () => {
    const log = Array.from({ length: 40 }, (_, i) => (i === 30 ? 'ERROR: could not connect to database "shop": connection refused' : `INFO  request ${i} GET /api/items 200 ${i + 3}ms`));
    const result = run(service('api-1', log));
    expect(result.reducer).toMatch(/^docker-compose@/);
    expect(result.text).toContain('api-1  | ERROR: could not connect');
  });
});

// Real captures (fixtures/eslint/pipe-json-stamped, fixtures/go/pipe-compose-verbose): eslint 9 -f json, one line,
// behind `docker logs -t`'s time; go test -v of a two-package module behind `docker compose logs`' `tests-1  | `.
describe('short and one-line outputs behind a prefix', () => {
  const eslint = fs.readFileSync(path.join(fixtures, 'eslint/pipe-json-stamped/stdout'), 'utf8');
  const goTest = fs.readFileSync(path.join(fixtures, 'go/pipe-compose-verbose/stdout'), 'utf8');

  it('judges a head that is one unfinished line (a one-line JSON report) or a few whole lines by all of them', () => {
    // The probe's head ends inside the one line: its piece is judged.
    expect(isStamped(eslint.slice(0, 8192))).toBe(true);
    expect(isStamped('2026-11-25T15:40:01.123456789Z ok  \texample.com/shop/tax\t0.002s\n')).toBe(true);
    expect(isStamped('tests-1  | PASS\ntests-1  | ok  \texample.com/shop/tax\t0.002s\n')).toBe(true);
    // One line of a few that carries no stamp, or an unfinished piece too short to judge: not stamped.
    expect(isStamped('2026-11-25T15:40:01Z PASS\nok  \texample.com/shop/tax\t0.002s\n')).toBe(false);
    expect(isStamped('2026-11-25T15:40:01Z [{"filePath"')).toBe(false);
  });

  it("reads a one-line eslint JSON report behind a timestamp as eslint's, its warnings counted", () => {
    const result = piped(eslint);
    expect(result.packet!.reducer).toMatch(/^eslint@/);
    expect(result.text).toContain('26 warnings in 6 files');
    expect(result.text).toContain("Unexpected 'debugger' statement.");
  });

  it('shows a prefixed output that fits whole past its prefixes, and says so', () => {
    const result = piped(goTest);
    expect(result.packet!.verbatim).toBe(true);
    expect(result.text).toContain('    cart_test.go:19: Total([1], coupon 3) = -2, want 0\n');
    expect(result.text).toContain('FAIL\texample.com/shop/cart\t0.006s\n');
    expect(result.text).not.toContain('tests-1  |');
    expect(result.text).toMatch(/note: every line starts with a timestamp or its source/);
  });

  it("keeps what the bare run keeps: the same reader, the same room, the same evidence (real captures, stamped)", () => {
    // mocha-large opens with 300 short ✔ rows: behind stamps they fill half the probe, and the failures below come late;
    // the others are too big to show whole, so their packets share the budget with the note that the stamps were left out.
    for (const name of ['node/mocha-large', 'eslint/json-format', 'cargo/pipe-build-large', 'gcc/make-large-many-files']) {
      const text = fs.readFileSync(path.join(fixtures, name, 'stdout'), 'utf8');
      const bare = piped(text);
      const stamped = piped(stamp(text.replace(/\n$/, '').split('\n')));
      expect(stamped.packet!.reducer, name).toBe(bare.packet!.reducer);
      const evidence = (out: string) => out.split('\n').filter((l) => !/^(?:note: |── |→ )/.test(l));
      expect(evidence(stamped.text), name).toEqual(evidence(bare.text));
    }
  });
});
