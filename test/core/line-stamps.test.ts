import { describe, expect, it } from 'vitest';
import { isStamped, unstamp } from '../../src/core/line-stamps.js';
import { run } from '../reducers/helpers.js';

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
    const doc = { packages: Array.from({ length: 80 }, (_, i) => ({ name: `pkg-${i}`, version: `1.${i}.0`, status: i === 57 ? 'failed' : 'ok' })) };
    const stamped = run(stamp(JSON.stringify(doc, null, 2).split('\n')));
    expect(stamped.reducer).toMatch(/^json@/);
    // A document read as one has pointer citations; read as lines it would have none.
    expect(stamped.packet!.citations.some((c) => c.pointer !== undefined)).toBe(true);
    expect(stamped.text).toContain('pkg-57');
  });
});
