/**
 * The built CLI end to end: `reduce history prune --strategy mask` stores what it masks, a
 * placeholder's id gives back the exact original through `reduce inspect`, and pruning the same
 * input again (as a hook does before every model call) writes the same bytes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHistory } from '../../src/history/index.js';
import { build, call, type FormatName } from './builders.js';
import { issuesOf } from './check.js';

const bin = path.resolve(__dirname, '../../bin/reduce.js');
let work: string;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'reduce-history-'));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function reduce(args: string[]): string {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: work, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 << 20, timeout: 120_000 });
  expect(result.status, result.stderr.toString()).toBe(0);
  return result.stdout.toString('utf8');
}

/** Outputs with what a store must keep exactly: unicode, CRLF, trailing blanks, an ANSI colour. */
function output(i: number): string {
  return `Exit code: ${i === 2 ? 1 : 0}\r\nline ${i} — ünïcode ✓ \u001b[31mred\u001b[0m\n${'x'.repeat(60)}\n`.repeat(12) + '\n\n';
}

function serialize(value: unknown, format: FormatName): string {
  return format === 'codex' ? (value as unknown[]).map((l) => JSON.stringify(l)).join('\n') + '\n' : JSON.stringify(value, null, 2);
}

// Subprocesses are slow on a shared machine: one JSON and one JSONL format here; the fast-check
// property in property.test.ts checks every placeholder id of every format in process.
describe.each<FormatName>(['swe-agent', 'codex'])('mask through the CLI on %s', (format) => {
  it('restores placeholders through reduce inspect and prunes again to the same bytes', { timeout: 240_000 }, () => {
    const calls = Array.from({ length: 8 }, (_, i) => call('Bash', output(i), { command: `step ${i % 6}` }));
    const spec = { turns: [{ prompt: 'go', steps: [...calls.map((c) => ({ kind: 'tools' as const, calls: [c] })), { kind: 'text' as const, text: 'done' }] }] };
    const file = path.join(work, `${format}.input`);
    fs.writeFileSync(file, serialize(build(spec, format), format));
    const store = path.join(work, `${format}-outputs`);
    const args = ['history', 'prune', '--strategy', 'mask', '--mask-trigger', '0', '--mask-keep', '2', '--mask-every', '3', '--outputs-dir', store, file];
    const first = reduce(args);
    expect(reduce(args)).toBe(first);
    const prunedValue: unknown = format === 'codex' ? first.trimEnd().split('\n').map((l) => JSON.parse(l)) : JSON.parse(first);
    expect(issuesOf(prunedValue)).toEqual([]);
    const results = parseHistory(prunedValue)
      .conversations[0]!.messages.flatMap((m) => m.blocks)
      .filter((b) => b.kind === 'tool_result');
    const placeholders = results.filter((b) => b.kind === 'tool_result' && b.output.startsWith('[reduce: '));
    expect(placeholders.length).toBe(6);
    for (const block of [placeholders[0]!, placeholders[5]!]) {
      if (block.kind !== 'tool_result') continue;
      const id = /stored as (\S+);/.exec(block.output)?.[1] ?? '';
      const original = calls.find((c) => c.id === block.callId)!.output;
      expect(reduce(['inspect', id, '--raw', '--unredacted', '--outputs', store])).toBe(original);
    }
  });
});
