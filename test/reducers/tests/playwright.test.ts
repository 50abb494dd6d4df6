import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playwrightReducer } from '../../../src/reducers/tests/playwright.js';
import { failures, fixture, probe, reduce } from './test-runner-helpers.js';

describe('playwright reducer: list reporter', () => {
  it('reads the totals with the tests listed under them, and each failure block once (its retry left out)', () => {
    const f = fixture('node', 'playwright-list-failures');
    expect(playwrightReducer.detect(probe(f, ['npx', 'playwright', 'test']))).toBeGreaterThan(0.8);
    const parts = reduce(playwrightReducer, f, f.exit);
    expect(parts.status).toBe('fail');
    expect(parts.fields).toMatchObject({ failed: 3, flaky: 1, skipped: 1, passed: 35 });
    const byName = failures(parts);
    expect(byName.find((x) => x.tests.includes('tests/api.spec.js:9:3 › Checkout › lists nav items'))).toMatchObject({ error: 'Error: expect(received).toContain(expected) // indexOf', at: '/tmp/lead-tmp/pw/tests/api.spec.js:9' });
    expect(byName.some((x) => x.error === 'Test timeout of 500ms exceeded.')).toBe(true);
    // The flaky test's block (its first attempt failed) is listed under `1 flaky`, not among the failures.
    expect(byName.flatMap((x) => x.tests)).not.toContain('tests/api.spec.js:10:3 › Checkout › flaky total');
    expect(byName.flatMap((x) => x.tests)).toHaveLength(3);
    const totals = parts.citations.find((c) => c.label === 'totals and the tests listed under them');
    expect(totals && 'from' in totals ? [totals.from, totals.to] : null).toEqual([152, 159]);
  });

  it('counts the list lines of a run cut short (no totals), retries aside, and reads a header whose rule was cut', () => {
    const lines = [
      'Running 4 tests using 2 workers',
      '',
      '  ok  1 [chromium] › tests\\auth.spec.ts:11:7 › Auth › shows login (603ms)',
      '  x   2 [chromium] › tests\\auth.spec.ts:21:7 › Auth › rejects bad password (306ms)',
      '  x   3 [chromium] › tests\\auth.spec.ts:21:7 › Auth › rejects bad password (retry #1) (399ms)',
      '  ok  4 [chromium] › tests\\nav.spec.ts:5:7 › Nav › shows menu (120ms)',
      '',
      '  1) [chromium] › tests\\auth.spec.ts:21:7 › Auth › rejects bad password ',
      '',
      '    Error: expect(locator).toBeVisible() failed',
      '',
      '      at E:\\repo\\e2e\\tests\\auth.spec.ts:24:41',
    ];
    const parts = reduce(playwrightReducer, { stdout: lines.join('\n') + '\n' }, 1);
    expect(parts.fields).toMatchObject({ failed: 1, passed: 2 });
    expect(failures(parts).map((x) => x.error)).toEqual(['Error: expect(locator).toBeVisible() failed']);
  });

  it('is not chosen for other test runners\' output', () => {
    expect(playwrightReducer.detect(probe({ stdout: '  3 passing (21ms)\n  1 failing\n\n  1) cart\n' }))).toBe(0);
    expect(playwrightReducer.detect(probe({ stdout: ' ✓ src/a.test.ts (3 tests) 5ms\n Test Files  1 passed (1)\n' }))).toBe(0);
  });

  it('never throws and keeps every bullet backed on random list-reporter-shaped input', () => {
    const line = fc.oneof(
      fc.tuple(fc.constantFrom('✓', '✘', 'ok', 'x', '-'), fc.nat(99), fc.constantFrom('', '(retry #1) ')).map(([m, n, r]) => `  ${m}  ${n} tests/a.spec.ts:${n}:3 › S › t${n} ${r}(${n}ms)`),
      fc.nat(9).map((n) => `  ${n}) tests/a.spec.ts:${n}:3 › S › t${n} ──────`),
      fc.constantFrom('    Error: boom', '    Expected: 1', '    Received: 2', '    Retry #1 ─────', '    > 5 |   x()', '      at tests/a.spec.ts:5:3', ''),
      fc.tuple(fc.nat(50), fc.constantFrom('failed', 'flaky', 'skipped', 'passed (1.2s)', 'did not run')).map(([n, w]) => `  ${n} ${w}`),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), fc.constantFrom(0, 1), (lines, exit) => {
        const parts = reduce(playwrightReducer, { stdout: lines.join('\n') + '\n' }, exit);
        const refs = new Set(parts.citations.map((c) => c.ref));
        for (const b of parts.summary) for (const r of b.cites ?? []) expect(refs.has(r)).toBe(true);
        if (exit) expect(parts.status).not.toBe('ok');
      }),
      { numRuns: 200 },
    );
  });
});
