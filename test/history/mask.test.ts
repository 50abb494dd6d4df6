import { describe, expect, it } from 'vitest';
import { computeStats, maskedCount, parseHistory, parseMaskRules, pruneHistory, renderStats, resolvePruneOptions, type PruneOptions } from '../../src/history/index.js';
import { EVERY_FORMAT, build, call, fakeStore, type CallSpec, type ConversationSpec, type FormatName } from './builders.js';
import { blocksOf, issuesOf } from './check.js';

/** A distinct multi-line output of about 1,300 chars. */
function bigOutput(n: number): string {
  return Array.from({ length: 40 }, (_, i) => `result ${n} line ${i}: value ${n * 100 + i}`).join('\n');
}

/** One user turn, one model call per tool call: how autonomous agents work. */
function agentRun(calls: CallSpec[], system?: string): ConversationSpec {
  return {
    ...(system ? { system } : {}),
    turns: [{ prompt: 'Fix the failing test.', steps: [...calls.map((c) => ({ kind: 'tools' as const, calls: [c] })), { kind: 'text' as const, text: 'Done.' }] }],
  };
}

const always: PruneOptions = { strategies: ['mask'], maskTrigger: 0 };

function results(output: unknown): string[] {
  return blocksOf(output).filter((b) => b.includes('/tool_result:')).map((b) => b.slice(b.indexOf(':') + 1));
}

function masked(format: FormatName, calls: CallSpec[], options: PruneOptions = {}): { texts: string[]; saved: Array<{ id: string; text: string; tool: string }>; output: unknown } {
  const store = fakeStore();
  const { messages } = pruneHistory(build(agentRun(calls), format), { ...always, store, ...options });
  expect(issuesOf(messages)).toEqual([]);
  return { texts: results(messages), saved: store.saved, output: messages };
}

describe.each(EVERY_FORMAT)('mask on %s', (format) => {
  it('keeps the last results raw and masks older ones in whole blocks, naming the stored artifact', () => {
    const calls = Array.from({ length: 16 }, (_, i) => call('Bash', bigOutput(i), { command: `step ${i}` }));
    const { texts, saved } = masked(format, calls);
    // 16 results, keep 5, every 10: the oldest 10 are masked, 6 stay raw.
    expect(saved.map((s) => s.text)).toEqual(calls.slice(0, 10).map((c) => c.output));
    texts.slice(0, 10).forEach((text, i) => {
      expect(text).toMatch(new RegExp(`^\\[reduce: old Bash output masked, 1,\\d{3} chars stored as art-${i + 1}; run \`reduce inspect art-${i + 1}\` for the full text\\]\\nresult ${i} line 0: value ${i * 100}\\n…$`));
    });
    expect(texts.slice(10)).toEqual(calls.slice(10).map((c) => c.output));
  });
});

describe('the mask boundary', () => {
  it.each([
    [4, 5, 10, 0],
    [14, 5, 10, 0],
    [15, 5, 10, 10],
    [24, 5, 10, 10],
    [25, 5, 10, 20],
    [10, 3, 1, 7],
    [3, 3, 1, 0],
  ])('%i results, keep %i, every %i: %i masked', (results, keep, every, expected) => {
    expect(maskedCount(results, keep, every)).toBe(expected);
  });

  it('leaves short outputs and protected tools alone', () => {
    const calls = [
      call('Bash', 'short output'),
      call('TodoWrite', bigOutput(1), { todos: ['a'] }),
      call('submit', bigOutput(2), {}),
      call('Bash', bigOutput(3)),
      call('Bash', bigOutput(4)),
    ];
    const { texts } = masked('anthropic', calls, { maskKeep: 1, maskEvery: 1 });
    expect(texts.slice(0, 3)).toEqual(['short output', bigOutput(1), bigOutput(2)]);
    expect(texts[3]).toMatch(/^\[reduce: old Bash output masked/);
    expect(texts[4]).toBe(bigOutput(4));
    const custom = masked('anthropic', calls, { maskKeep: 1, maskEvery: 1, maskProtect: ['bash'] }).texts;
    expect(custom[1]).toMatch(/^\[reduce: old TodoWrite output masked/);
    expect(custom[3]).toBe(bigOutput(3));
  });

  it('waits for the trigger: only above that many input tokens', () => {
    const calls = Array.from({ length: 8 }, (_, i) => call('Bash', bigOutput(i), { command: `step ${i}` }));
    const input = build(agentRun(calls), 'openai-chat');
    const store = fakeStore();
    expect(pruneHistory(input, { strategies: ['mask'], maskKeep: 1, maskEvery: 1, store }).report.masked).toEqual([]);
    expect(pruneHistory(input, { strategies: ['mask'], maskKeep: 1, maskEvery: 1, maskTrigger: 100, store }).report.masked).toHaveLength(7);
    expect(pruneHistory(input, { strategies: ['mask'], maskKeep: 1, maskEvery: 1, maskTrigger: 1_000_000, store }).report.masked).toEqual([]);
  });

  it('composes with other strategies in the order given', () => {
    const turn = (q: string, n: number): ConversationSpec['turns'][number] => ({ prompt: q, steps: [{ kind: 'tools', calls: [call('Read', bigOutput(n), { file_path: `f${n}` })] }, { kind: 'text', text: 'ok' }] });
    const input = build({ turns: [turn('q1', 1), turn('q2', 2), turn('q3', 3)] }, 'openai-chat');
    const pruned = pruneHistory(input, { strategies: ['tool_pruning', 'mask'], maskTrigger: 0, maskKeep: 1, maskEvery: 1, store: fakeStore() });
    // tool_pruning removed the two older turns' tool traffic: one result left, kept raw.
    expect(pruned.report.removed.toolResults).toBe(2);
    expect(pruned.report.masked).toEqual([]);
    expect(issuesOf(pruned.messages)).toEqual([]);
  });
});

describe('rules at mask moves', () => {
  const filler = (n: number): CallSpec[] => Array.from({ length: n }, (_, i) => call('Grep', bigOutput(100 + i), { pattern: `p${i}` }));

  it('dedupe: a repeated call with an unchanged output keeps only the newest', () => {
    const first = call('Bash', 'same listing\n'.repeat(30), { command: 'ls', cwd: '/w' });
    const again = call('Bash', 'same listing\n'.repeat(30), { cwd: '/w', command: ' ls ' });
    const changed = call('Bash', 'new listing\n'.repeat(30), { command: 'ls', cwd: '/w' });
    const { texts } = masked('openai-chat', [first, ...filler(2), again, changed, ...filler(1)], { maskKeep: 3, maskEvery: 1 });
    expect(texts[0]).toMatch(new RegExp(`^\\[reduce: old Bash output masked \\(call ${again.id} later returned the same\\), 390 chars stored as art-\\d+; run`));
    expect(texts[3]).toBe(again.output);
    expect(texts[4]).toBe(changed.output);
  });

  it('dedupe waits for a mask move', () => {
    const first = call('Bash', 'same listing\n'.repeat(30), { command: 'ls' });
    const again = call('Bash', 'same listing\n'.repeat(30), { command: 'ls' });
    const { texts } = masked('openai-chat', [first, again], { maskKeep: 5, maskEvery: 10 });
    expect(texts).toEqual([first.output, again.output]);
  });

  it('supersede: a later read of the same file (whole, or the same part) replaces the older read', () => {
    const reads = [
      call('Read', 'v1 of a.ts\n'.repeat(30), { file_path: './a.ts' }),
      call('Read', 'part of b.ts\n'.repeat(30), { file_path: 'b.ts', offset: 10, limit: 5 }),
      call('Read', 'other part of b.ts\n'.repeat(30), { file_path: 'b.ts', offset: 50, limit: 5 }),
      call('Bash', 'c.ts text\n'.repeat(30), { command: 'cat src/c.ts' }),
      call('str_replace_editor', 'd.py view\n'.repeat(30), { command: 'view', path: '/r/d.py' }),
      call('Edit', 'edited', { file_path: 'e.ts', old_string: 'x', new_string: 'y' }),
    ];
    const later = [
      call('Read', 'v2 of a.ts\n'.repeat(30), { file_path: 'a.ts' }),
      call('Read', 'part of b.ts, again\n'.repeat(30), { file_path: 'b.ts', limit: 5, offset: 10 }),
      call('shell_command', 'c.ts again\n'.repeat(30), { command: 'Get-Content -Raw src\\c.ts' }),
      call('str_replace_editor', 'd.py viewed\n'.repeat(30), { command: 'view', path: '/r/d.py' }),
    ];
    const { texts } = masked('anthropic', [...reads, ...later, ...filler(1)], { maskKeep: 5, maskEvery: 6, maxOutputChars: 5000 });
    expect(texts[0]).toMatch(new RegExp(`^\\[reduce: old Read output masked \\(call ${later[0]!.id} later read a.ts\\)`));
    expect(texts[1]).toMatch(new RegExp(`^\\[reduce: old Read output masked \\(call ${later[1]!.id} later read b.ts\\)`));
    expect(texts[2]).toBe(reads[2]!.output);
    expect(texts[3]).toMatch(/^\[reduce: old Bash output masked \(call \S+ later read src\/c.ts\)/);
    expect(texts[4]).toMatch(/^\[reduce: old str_replace_editor output masked \(call \S+ later read \/r\/d.py\)/);
  });

  it('a rule changes only results past the previous boundary: late evidence leaves older results as they were', () => {
    const read = call('Read', 'v1 of a.ts\n'.repeat(30), { file_path: 'a.ts' });
    const reread = call('Read', 'v2 of a.ts\n'.repeat(30), { file_path: 'a.ts' });
    const options = { maskKeep: 2, maskEvery: 2, maxOutputChars: 5000 };
    // The reread is the 4th result: the first move (2 masked) saw it, so the read is superseded.
    expect(masked('anthropic', [read, ...filler(2), reread, ...filler(1)], options).texts[0]).toMatch(/^\[reduce: old Read output masked \(call/);
    // As the 6th result, only the second move sees it, and that move may change results 2 and up.
    expect(masked('anthropic', [read, ...filler(4), reread, ...filler(1)], options).texts[0]).toBe(read.output);
  });

  it('supersede by a later edit only when asked', () => {
    const read = call('Read', 'old text of a.ts\n'.repeat(30), { file_path: 'a.ts' });
    const edit = call('Edit', 'The file a.ts has been updated.', { file_path: 'a.ts', old_string: 'x', new_string: 'y' });
    const runs = [read, edit, ...filler(2)];
    expect(masked('anthropic', runs, { maskKeep: 3, maskEvery: 1, maxOutputChars: 5000 }).texts[0]).toBe(read.output);
    expect(masked('anthropic', runs, { maskKeep: 3, maskEvery: 1, supersedeByEdits: true, maxOutputChars: 5000 }).texts[0]).toMatch(/^\[reduce: old Read output masked \(call \S+ later changed a.ts\)/);
    expect(masked('anthropic', runs, { maskKeep: 3, maskEvery: 1, supersedeByEdits: true, maskRules: [], maxOutputChars: 5000 }).texts[0]).toBe(read.output);
  });

  it('errors: a failed call is cut to its first error line once the same tool succeeded', () => {
    const failed = call('shell_command', `Exit code: 1\nWall time: 2 seconds\nOutput:\n${'compiling...\n'.repeat(20)}src/x.ts(3,1): error TS2304: Cannot find name 'y'.\n`, { command: 'tsc' });
    const fixed = call('shell_command', 'Exit code: 0\nOutput:\nok\n', { command: 'tsc' });
    const stillFailing = call('shell_command', `Exit code: 2\n${'noise\n'.repeat(100)}`, { command: 'make' });
    const { texts } = masked('openai-responses', [failed, fixed, ...filler(3), stillFailing, ...filler(1)], { maskKeep: 6, maskEvery: 1 });
    expect(texts[0]).toMatch(/^\[reduce: old shell_command output shortened to its first error line \(the same tool later succeeded\), \d+ chars stored as art-\d+; run `reduce inspect art-\d+` for the full text\]\n\(exit code 1\) src\/x.ts\(3,1\): error TS2304: Cannot find name 'y'.\n…$/);
    expect(texts[5]).toBe(stillFailing.output);
  });

  it('errors: the format’s own error flag counts', () => {
    const failed = call('Bash', `${'permission denied\n'.repeat(40)}`, { command: 'rm x' });
    const ok = call('Bash', 'removed', { command: 'rm y' });
    const input = build(agentRun([failed, ok, ...filler(2)]), 'anthropic') as Array<{ content: unknown }>;
    const block = (input[2]!.content as Array<Record<string, unknown>>)[0]!;
    block['is_error'] = true;
    const { messages } = pruneHistory(input, { ...always, maskKeep: 3, maskEvery: 1, maxOutputChars: 5000, store: fakeStore() });
    expect(results(messages)[0]).toMatch(/^\[reduce: old Bash output shortened to its first error line .*\npermission denied\n…$/);
  });
});

describe('mask in stats', () => {
  it('keeps the prompt prefix stable between moves and wins with the cache priced in', () => {
    const calls = Array.from({ length: 40 }, (_, i) => call('Bash', bigOutput(i), { command: `step ${i}` }));
    const parsed = parseHistory(build(agentRun(calls), 'openai-chat'));
    const stats = computeStats(parsed, resolvePruneOptions({ strategies: ['mask'], maskTrigger: 0 }), { cacheReadPrice: 0.1 });
    expect(stats.total.calls).toBe(41);
    expect(stats.cache.followingCalls).toBe(40);
    expect(stats.cache.stable.before).toBe(40);
    // The boundary moves when the prompt holds 15, 25 and 35 results: three calls rewrite old messages.
    expect(stats.cache.stable.after[0]).toBe(37);
    expect(stats.calls.filter((c) => !c.stable.after[0]).map((c) => c.call)).toEqual([1, 16, 26, 36]);
    expect(stats.total.after[0]!).toBeLessThan(stats.total.before * 0.6);
    expect(stats.cache.priced.after[0]!).toBeLessThan(stats.cache.priced.before);
    const text = renderStats(stats);
    expect(text).toMatch(/prefix-stable\s+cache-priced \(x0\.1\)\s+saved\s+variant/);
    expect(text).toMatch(/\n\s*[\d,]+\s+-\s+40\/40 100\.0%\s+[\d,]+\s+-\s+before\n/);
    expect(text).toMatch(/\n\s*[\d,]+\s+\d+\.\d%\s+37\/40 92\.5%\s+[\d,]+\s+\d+\.\d%\s+mask\n/);
  });

  it('a mask moving on every call breaks the prefix every time', () => {
    const calls = Array.from({ length: 12 }, (_, i) => call('Bash', bigOutput(i), { command: `step ${i}` }));
    const stats = computeStats(parseHistory(build(agentRun(calls), 'anthropic')), resolvePruneOptions({ strategies: ['mask'], maskTrigger: 0, maskKeep: 2, maskEvery: 1 }));
    expect(stats.cache.stable.after[0]).toBe(2);
  });

  it('prices the cache as asked and rejects prices outside 0..1', () => {
    const parsed = parseHistory(build(agentRun([call('Bash', 'a'), call('Bash', 'b')]), 'openai-chat'));
    const plan = resolvePruneOptions({ strategies: ['mask'] });
    const free = computeStats(parsed, plan, { cacheReadPrice: 0 });
    const full = computeStats(parsed, plan, { cacheReadPrice: 1 });
    expect(full.cache.priced.before).toBe(full.total.before);
    expect(free.cache.priced.before).toBeLessThan(full.cache.priced.before);
    expect(() => computeStats(parsed, plan, { cacheReadPrice: 2 })).toThrow(/cacheReadPrice must be between 0 and 1/);
  });
});

describe('mask options', () => {
  it.each([
    [{ maskKeep: 0 }, /maskKeep must be an integer >= 1/],
    [{ maskEvery: 0 }, /maskEvery must be an integer >= 1/],
    [{ maskTrigger: -1 }, /maskTrigger must be an integer >= 0/],
    [{ maskProtect: [''] }, /maskProtect must list tool names/],
  ])('rejects %o', (options, message) => {
    expect(() => resolvePruneOptions({ strategies: ['mask'], ...options })).toThrow(message);
  });

  it('parses rule lists', () => {
    expect(parseMaskRules('dedupe, errors')).toEqual(['dedupe', 'errors']);
    expect(parseMaskRules('none')).toEqual([]);
    expect(() => parseMaskRules('squash')).toThrow(/unknown mask rule "squash"/);
  });

  it('has the documented defaults', () => {
    expect(resolvePruneOptions({ strategies: ['mask'] }).mask).toEqual({
      keep: 5,
      every: 10,
      trigger: 100_000,
      protect: ['todo', 'task', 'plan', 'skill', 'submit', 'finish'],
      rules: ['dedupe', 'supersede', 'errors'],
      supersedeByEdits: false,
    });
  });

  it('needs a store', () => {
    expect(() => pruneHistory(build(agentRun([call('Bash', 'x')]), 'anthropic'), { strategies: ['mask'] })).toThrow(/mask strategy needs a store/);
  });
});
