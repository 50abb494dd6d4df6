import { describe, expect, it } from 'vitest';
import { Command } from 'commander';
import { historyCommand, type HistoryIo } from '../../src/commands/history.js';
import { HistoryError } from '../../src/history/index.js';
import { build, call, fakeStore, toolTurn } from './builders.js';
import { issuesOf } from './check.js';

interface Run {
  stdout: string;
  stderr: string;
  error?: HistoryError;
}

async function run(args: string[], files: Record<string, string>, extra: Partial<HistoryIo> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: HistoryIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => files['-'] ?? '',
    readPath: async (path) => {
      const text = files[path];
      if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
      return text;
    },
    stdinIsTty: false,
    ...extra,
  };
  const program = new Command('reduce').exitOverride();
  program.addCommand(historyCommand(io));
  try {
    await program.parseAsync(args, { from: 'user' });
    return { stdout, stderr };
  } catch (error) {
    if (error instanceof HistoryError) return { stdout, stderr, error };
    throw error;
  }
}

const session = build({ turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2')] }, 'claude-code') as unknown[];
const jsonl = session.map((line) => JSON.stringify(line)).join('\n') + '\n';
const chat = JSON.stringify(build({ turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2')] }, 'openai-chat'), null, 2);

describe('reduce history prune', () => {
  it('writes JSONL back as JSONL, unchanged lines byte for byte', async () => {
    const { stdout, error } = await run(['history', 'prune', 's.jsonl'], { 's.jsonl': jsonl });
    expect(error).toBeUndefined();
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBe(session.length - 2);
    for (const line of lines) expect(jsonl).toContain(line);
    expect(stdout).not.toContain('R1');
    expect(issuesOf(lines.map((l) => JSON.parse(l)))).toEqual([]);
  });

  it('reads stdin with - and keeps the JSON indentation', async () => {
    const { stdout } = await run(['history', 'prune', '-'], { '-': chat });
    expect(stdout).toMatch(/^\[\n  \{\n    "role": "user"/);
    expect(stdout).not.toContain('R1');
  });

  it('trims through the injected store', async () => {
    const store = fakeStore();
    const big = JSON.stringify(build({ turns: [toolTurn('q1', 'x'.repeat(3000)), toolTurn('q2'), toolTurn('q3')] }, 'anthropic'));
    const { stdout } = await run(['history', 'prune', '--strategy', 'trim', 'a.json'], { 'a.json': big }, { openStore: () => store });
    expect(store.saved).toHaveLength(1);
    expect(stdout).toContain('reduce inspect art-1');
  });

  it('says trim needs a store when none is configured, with exit 1', async () => {
    const { error } = await run(['history', 'prune', '--strategy', 'trim', 'a.json'], { 'a.json': chat });
    expect(error?.exitCode).toBe(1);
    expect(error?.message).toMatch(/needs an artifact store/);
  });

  it.each([
    [['history', 'prune', 'missing.json'], /cannot read missing.json: no such file/],
    [['history', 'prune', '--strategy', 'magic', 'a.json'], /unknown strategy "magic"/],
    [['history', 'prune', '--strategy', 'sliding_window', 'a.json'], /needs keepTurns \(--keep-turns N\)/],
    [['history', 'prune', '--strategy', 'sliding_window', '--keep-turns', 'two', 'a.json'], /--keep-turns expects a whole number/],
    [['history', 'prune', 'bad.json'], /unrecognized conversation shape \(object with keys hello\)/],
    [['history', 'prune', 'notjson.txt'], /line 2: not JSON/],
    [['history', 'prune', '--reduce', 'a.json'], /--reduce only applies to the trim and mask strategies/],
    [['history', 'prune', '--strategy', 'mask', '--mask-rules', 'squash', 'a.json'], /unknown mask rule "squash"/],
    [['history', 'prune', '--strategy', 'mask', '--mask-keep', '0', 'a.json'], /maskKeep must be an integer >= 1/],
    [['history', 'stats', '--strategy', 'mask', '--cache-read-price', '2', 'a.json'], /--cache-read-price expects a number from 0 to 1, got "2"/],
  ])('%s fails with exit 2', async (args, message) => {
    const { error } = await run(args, { 'a.json': chat, 'bad.json': '{"hello": 1}', 'notjson.txt': '{"a":1}\nnope\n' });
    expect(error?.exitCode).toBe(2);
    expect(error?.message).toMatch(message);
  });

  it('reports removed orphans on stderr unless --quiet', async () => {
    const orphaned = JSON.stringify([
      { role: 'user', content: 'q' },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ghost', content: 'x' }] },
      { role: 'assistant', content: 'a' },
    ]);
    expect((await run(['history', 'prune', 'o.json'], { 'o.json': orphaned })).stderr).toMatch(/removed 1 orphan tool result\(s\) and 0 orphan tool call\(s\).*ghost/);
    expect((await run(['history', 'prune', '-q', 'o.json'], { 'o.json': orphaned })).stderr).toBe('');
  });
});

describe('reduce history stats and check', () => {
  it('prints the per-turn table, and JSON with --json', async () => {
    const { stdout } = await run(['history', 'stats', 's.jsonl'], { 's.jsonl': jsonl });
    expect(stdout).toMatch(/format: anthropic \(claude-code\); 1 conversation, 2 turns, 4 model calls/);
    expect(stdout).toMatch(/sum:tool_pruning\+trim/);
    const json = JSON.parse((await run(['history', 'stats', '--json', '--strategy', 'tool_pruning', 's.jsonl'], { 's.jsonl': jsonl })).stdout);
    expect(json.tokenizer).toBe('o200k_base');
    expect(json.calls).toHaveLength(4);
    expect(json.variants).toEqual(['tool_pruning']);
  });

  it('stats takes mask options and the cache price', async () => {
    const run16 = build(
      { turns: [{ prompt: 'go', steps: Array.from({ length: 16 }, (_, i) => ({ kind: 'tools' as const, calls: [call('Bash', `out ${i}\n`.repeat(100))] })) }] },
      'openai-chat',
    );
    const args = ['history', 'stats', '--strategy', 'mask', '--mask-trigger', '0', '--mask-keep', '3', '--mask-every', '4', '--cache-read-price', '0.5', '--json', 'r.json'];
    const json = JSON.parse((await run(args, { 'r.json': JSON.stringify(run16) })).stdout);
    expect(json.variants).toEqual(['mask']);
    expect(json.cache.cacheReadPrice).toBe(0.5);
    // The boundary moves at 7, 11 and 15 results.
    expect(json.cache.stable.after).toEqual([json.cache.followingCalls - 3]);
    expect(json.total.after[0]).toBeLessThan(json.total.before);
  });

  it('check exits 1 on issues and 0 when valid', async () => {
    const orphaned = JSON.stringify([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ghost', content: 'x' }] }]);
    const bad = await run(['history', 'check', 'o.json'], { 'o.json': orphaned });
    expect(bad.error?.exitCode).toBe(1);
    expect(bad.stdout).toMatch(/orphan-result/);
    const good = await run(['history', 'check', 'a.json'], { 'a.json': chat });
    expect(good.error).toBeUndefined();
    expect(good.stdout).toMatch(/valid/);
  });
});
