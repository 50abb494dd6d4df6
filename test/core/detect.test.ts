import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandWords } from '../../src/core/argv.js';
import { byName, detectReducer, type Detection } from '../../src/core/detect.js';
import type { Probe, ReducerClaims } from '../../src/core/types.js';

/** The rule as the architecture states it, scoring every reducer before looking at the claim. */
function reference(probe: Probe, reducers: readonly ReducerClaims[]): Detection {
  const words = commandWords(probe.argv);
  let claimed: { reducer: ReducerClaims; length: number } | null = null;
  for (const reducer of reducers) {
    for (const claim of reducer.claims ?? []) {
      const parts = claim.split(' ');
      if (parts.length > (claimed?.length ?? 0) && parts.every((part, i) => words[i] === part)) claimed = { reducer, length: parts.length };
    }
  }
  const scored = reducers.map((reducer) => ({ reducer, score: reducer.detect(probe) })).sort((a, b) => b.score - a.score || byName(a.reducer.name, b.reducer.name));
  const best = scored[0];
  if (claimed) {
    const own = claimed.reducer.detect(probe);
    if (!(best && best.reducer !== claimed.reducer && best.score >= 0.9 && own < 0.3)) return { reducer: claimed.reducer, source: 'claim', score: Math.max(own, 0.9) };
  }
  if (best && best.score >= 0.5) return { reducer: best.reducer, source: 'content', score: best.score };
  const generic = scored.find((s) => s.score > 0 && ['json', 'diff', 'text', 'binary'].includes(s.reducer.name));
  return { reducer: generic?.reducer ?? reducers.find((r) => r.name === 'text')!, source: 'fallback', score: generic?.score ?? 0.1 };
}

describe('detectReducer', () => {
  it('decides as scoring every reducer would, though it scores only the claimed one when that one is not unsure', () => {
    const score = fc.constantFrom(0, 0.1, 0.29, 0.3, 0.5, 0.85, 0.9, 0.95);
    const word = fc.constantFrom('git', 'status', 'log', 'kubectl', 'get');
    const reducer = fc.record({ name: fc.constantFrom('text', 'json', 'a', 'b', 'c', 'd'), claims: fc.array(fc.array(word, { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')), { maxLength: 2 }), score });
    fc.assert(
      fc.property(fc.array(reducer, { minLength: 1, maxLength: 6 }), fc.array(word, { maxLength: 3 }), (rows, argv) => {
        const reducers: ReducerClaims[] = [...rows, { name: 'text', claims: [], score: 0 }].map((r) => ({ name: r.name, family: r.name, claims: r.claims, detect: () => r.score }));
        const probe: Probe = { argv, head: 'output', stderrHead: '' };
        expect(detectReducer(probe, reducers)).toEqual(reference(probe, reducers));
      }),
      { numRuns: 3000 },
    );
  });

  it('tells a dump of data written to stderr alone by its shape, and leaves a log there to the run', () => {
    // A reducer that reads shape from the head only (as table, list and records do).
    const table: ReducerClaims = { name: 'table', family: 'table', claims: [], detect: (p) => (/ \| /.test(p.head) ? 0.5 : 0) };
    const reducers: ReducerClaims[] = [table, { name: 'text', family: 'text', claims: [], detect: () => 0.1 }];
    const dump = Array.from({ length: 8 }, (_, i) => `import time: ${100 + i} | ${300 + i} | mod${i}`).join('\n');
    expect(detectReducer({ argv: ['python3', '-X', 'importtime', '-c', 'import json'], head: '', stderrHead: dump }, reducers)).toMatchObject({ reducer: { name: 'table' }, source: 'content' });
    const log = Array.from({ length: 8 }, (_, i) => `2026-11-24 23:55:00 INFO req ${i}: status 200 | ok`).join('\n');
    expect(detectReducer({ argv: ['go', 'run', '.'], head: '', stderrHead: log }, reducers).reducer.name).toBe('text');
  });

  it('scores only the reducers that read argv (and text) when a run printed nothing but whitespace', () => {
    const scored: string[] = [];
    const row = (name: string, score: number, extra: Partial<ReducerClaims> = {}): ReducerClaims => ({ name, family: name, claims: [], detect: () => (scored.push(name), score), ...extra });
    const rows = [row('json', 0), row('compose', 0, { readsArgv: true }), row('text', 0.1)];
    for (const head of ['', ' \n', '\n\n']) {
      expect(detectReducer({ argv: ['true'], head, stderrHead: '\t' }, rows)).toEqual({ reducer: rows[2], source: 'fallback', score: 0.1 });
    }
    expect(scored.filter((name) => name === 'json')).toEqual([]);
    expect(detectReducer({ argv: ['true'], head: 'x', stderrHead: '' }, rows).reducer.name).toBe('text');
    expect(scored).toContain('json');
  });

  it('every registered detect() scores a blank probe 0 unless its reducer claims the command or says it reads argv', async () => {
    const { reducers } = await import('../../src/reducers/registry.js');
    const words = [...new Set(reducers.flatMap((r) => (r.claims ?? []).flatMap((c) => c.split(' '))))];
    const argv = fc.array(fc.oneof(fc.constantFrom(...words), fc.constantFrom('-o', 'json', '--json', 'x.py', './...', '-v', '--dry-run')), { maxLength: 4 });
    fc.assert(
      fc.property(argv, fc.constantFrom('', ' ', '\n', '\r\n\t'), fc.constantFrom(undefined, 'answer' as const, 'verdict' as const), (args, blank, intent) => {
        const words = commandWords(args);
        for (const reducer of reducers) {
          if (reducer.name === 'text' || reducer.readsArgv) continue;
          const claims = (reducer.claims ?? []).some((claim) => claim.split(' ').every((part, i) => words[i] === part));
          if (!claims) expect([reducer.name, reducer.detect({ argv: args, head: blank, stderrHead: blank, intent })]).toEqual([reducer.name, 0]);
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('user families on a blank probe', () => {
  it('a family named by an argv pattern still takes a run that printed nothing', async () => {
    const { reducersFor } = await import('../../src/reducers/registry.js');
    const { defaultConfig } = await import('../../src/config.js');
    const config = { ...defaultConfig(), families: [{ name: 'deployer', argv: /^deploy-tool\b/, reducer: 'text' as const, errorPatterns: [] }] };
    const detection = detectReducer({ argv: ['deploy-tool', 'push'], head: '', stderrHead: '' }, reducersFor(config, {}));
    expect([detection.reducer.name, detection.source]).toEqual(['deployer', 'content']);
  });
});
