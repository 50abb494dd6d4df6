import { describe, expect, it } from 'vitest';
import { computeStats, countTextTokens, parseHistory, renderStats, resolvePruneOptions } from '../../src/history/index.js';
import { build, call, type TurnSpec } from './builders.js';

/** About 2,000 o200k tokens of varied output (distinct lines, as a real listing would be). */
function bigOutput(seed: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < 5_600; i++) lines.push(`src/module_${seed}_${i}.ts:${i * 7 % 113}: warning TS${6000 + i}: unused value 'v${i}${seed}'`);
  return lines.join('\n');
}

/** The synthetic session of the issue: 10 turns, 4 tool calls of about 2,000 tokens each per turn. */
function syntheticSession(): TurnSpec[] {
  return Array.from({ length: 10 }, (_, t) => ({
    prompt: `Question ${t + 1}: what changed in part ${t + 1}?`,
    steps: [
      { kind: 'text' as const, text: 'Let me check.' },
      { kind: 'tools' as const, calls: [call('Bash', bigOutput(t * 4)), call('Read', bigOutput(t * 4 + 1))] },
      { kind: 'tools' as const, calls: [call('Bash', bigOutput(t * 4 + 2))] },
      { kind: 'tools' as const, calls: [call('Grep', bigOutput(t * 4 + 3))] },
      { kind: 'text' as const, text: `Part ${t + 1} changed in three files; the build passes.` },
    ],
  }));
}

describe('stats', () => {
  it('outputs are about 2,000 tokens each', () => {
    const tokens = countTextTokens(bigOutput(3));
    expect(tokens).toBeGreaterThan(1_800);
    expect(tokens).toBeLessThan(2_600);
  });

  it.each(['anthropic', 'openai-chat', 'openai-responses', 'claude-code'] as const)('tool_pruning cuts the 10th turn’s first call by at least 67%% (%s)', (format) => {
    const stats = computeStats(parseHistory(build({ turns: syntheticSession() }, format)), resolvePruneOptions({ strategies: ['tool_pruning'] }));
    const last = stats.turns[stats.turns.length - 1]!;
    expect(last.turn).toBe(10);
    expect(last.calls).toBe(4);
    const { before, after } = last.firstCall!;
    expect(before).toBeGreaterThan(9 * 4 * 1_800);
    expect((before - after[0]!) / before).toBeGreaterThanOrEqual(0.67);
  });

  it('counts each call’s prefix, and each strategy alone then composed', () => {
    const stats = computeStats(parseHistory(build({ turns: syntheticSession().slice(0, 3) }, 'anthropic')), resolvePruneOptions({ strategies: ['tool_pruning', 'trim'] }));
    expect(stats.variants).toEqual(['tool_pruning', 'trim', 'tool_pruning+trim']);
    expect(stats.calls).toHaveLength(12);
    const firstOfTurn1 = stats.calls[0]!;
    expect(firstOfTurn1.after).toEqual([firstOfTurn1.before, firstOfTurn1.before, firstOfTurn1.before]);
    // Input only grows within a turn.
    for (let i = 1; i < 4; i++) expect(stats.calls[i]!.before).toBeGreaterThan(stats.calls[i - 1]!.before);
    // Turn 3, first call: turn 1 is older than the 2 recent turns, so trim shrinks it.
    const turn3 = stats.turns.find((t) => t.turn === 3)!.firstCall!;
    expect(turn3.after[1]).toBeLessThan(turn3.before);
    expect(turn3.after[0]).toBeLessThan(turn3.after[1]!);
    expect(stats.tokenizer).toBe('o200k_base');
  });

  it('renders a table with a total line', () => {
    const stats = computeStats(parseHistory(build({ turns: syntheticSession().slice(0, 2) }, 'openai-chat')), resolvePruneOptions({ strategies: ['tool_pruning'] }));
    const text = renderStats(stats);
    expect(text).toMatch(/^format: openai-chat \(messages\); 1 conversation, 2 turns, 8 model calls/);
    expect(text).toMatch(/\n\s+1\s+4\s+\d/);
    expect(text).toMatch(/\ntotal\s+8\s/);
    expect(renderStats(stats, { calls: true })).toMatch(/call\s+turn\s+messages\s+before\s+tool_pruning\s+saved/);
  });
});
