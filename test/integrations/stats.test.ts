/** reduce stats: runs and real-tokenizer counts per family and day, inspected share, --since. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { reduceOutputSync } from '../../src/api.js';
import { renderUsage } from '../../src/commands/stats.js';
import { inspectView } from '../../src/commands/inspect.js';
import { computeUsage } from '../../src/store/usage.js';

// Hooks, parsers and subprocesses on a shared 2-core machine: room beyond the 60 s default.
vi.setConfig({ testTimeout: 180_000 });

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-stats-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('reduce stats', () => {
  it('counts runs, raw and packet tokens per family and day, and inspected packets', () => {
    const outputsDir = path.join(work, 'outputs');
    const log = Array.from({ length: 2000 }, (_, i) => `2026-11-20T10:00:00Z INFO request ${i} served in ${i % 50} ms`).join('\n') + '\n';
    const a = reduceOutputSync({ stdout: log, command: 'cat app.log', outputsDir, createdAt: new Date('2026-11-20T10:00:00Z') });
    reduceOutputSync({ stdout: log, command: 'cat app.log', outputsDir, createdAt: new Date('2026-11-21T10:00:00Z') });
    reduceOutputSync({ stdout: '{"items":[]}\n', command: 'kubectl get pods -o json', argv: ['kubectl', 'get', 'pods', '-o', 'json'], outputsDir, createdAt: new Date('2026-11-21T11:00:00Z') });
    inspectView(outputsDir, a.id!, { lines: '1:3' });
    const usage = computeUsage(outputsDir, null);
    expect(usage.tokenizer).toBe('o200k_base');
    expect(usage.total.runs).toBe(3);
    expect(usage.total.inspected).toBe(1);
    expect(usage.byDay.map((d) => [d.key, d.runs])).toEqual([['2026-11-20', 1], ['2026-11-21', 2]]);
    expect(usage.total.rawTokens).toBeGreaterThan(2 * usage.total.packetTokens);
    expect(usage.byFamily.reduce((s, f) => s + f.runs, 0)).toBe(3);
    const text = renderUsage(usage, outputsDir);
    expect(text).toContain('tokens saved per day');
    expect(text).toMatch(/2026-11-20 +█+/);
    // --since: only the newest day
    const recent = computeUsage(outputsDir, 24 * 3600_000, Date.parse('2026-11-21T12:00:00Z'));
    expect(recent.total.runs).toBe(2);
  });
  it('an empty store says so', () => {
    expect(renderUsage(computeUsage(path.join(work, 'none'), null), 'x')).toContain('no artifacts');
  });
});
