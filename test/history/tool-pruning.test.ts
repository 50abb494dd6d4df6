import { describe, expect, it } from 'vitest';
import { pruneHistory } from '../../src/history/index.js';
import { ALL_FORMATS, build, call, toolTurn, type ConversationSpec } from './builders.js';
import { blocksOf, issuesOf } from './check.js';

describe.each(ALL_FORMATS)('tool_pruning on %s', (format) => {
  it('drops prior turns’ tool traffic and thinking, keeps prompts, text and the current turn', () => {
    const spec: ConversationSpec = {
      system: 'sys',
      turns: [
        { prompt: 'q1', steps: [{ kind: 'thinking', text: 'plan one' }, { kind: 'text', text: 'Checking.' }, { kind: 'tools', calls: [call('Bash', 'OUT-1a'), call('Read', 'OUT-1b')] }, { kind: 'thinking', text: 'interleaved' }, { kind: 'tools', calls: [call('Read', 'OUT-1c')] }, { kind: 'text', text: 'A1' }] },
        { prompt: 'q2 no tools', steps: [{ kind: 'text', text: 'A2' }] },
        { prompt: 'q3', steps: [{ kind: 'thinking', text: 'plan three' }, { kind: 'tools', calls: [call('Bash', 'OUT-3')] }, { kind: 'text', text: 'A3' }] },
      ],
    };
    const input = build(spec, format);
    const snapshot = structuredClone(input);
    const { messages, report } = pruneHistory(input);
    expect(input).toEqual(snapshot);
    const text = blocksOf(messages).join('\n');
    expect(text).not.toMatch(/OUT-1|plan one|interleaved/);
    expect(text).toMatch(/q1[\s\S]*Checking\.[\s\S]*A1[\s\S]*q2 no tools[\s\S]*A2[\s\S]*q3[\s\S]*plan three[\s\S]*OUT-3[\s\S]*A3/);
    expect(report.removed).toMatchObject({ toolCalls: 3, toolResults: 3, thinking: 2 });
    expect(issuesOf(messages)).toEqual([]);
  });

  it('changes nothing in a single-turn conversation', () => {
    const input = build({ turns: [toolTurn('only', 'big output')] }, format);
    const { messages, report } = pruneHistory(input);
    expect(messages).toEqual(input);
    expect(report.removed.toolCalls).toBe(0);
  });

  it('keeps a current turn that ends in a tool call awaiting its result', () => {
    const pending = call('Bash', undefined);
    const steps = [{ kind: 'tools' as const, calls: [call('Read', 'R')] }, { kind: 'tools' as const, calls: [pending] }];
    const input = build({ turns: [toolTurn('q1'), { prompt: 'q2', steps }] }, format);
    const { messages, report } = pruneHistory(input);
    expect(report.orphans).toEqual([]);
    expect(blocksOf(messages).filter((b) => b.includes('tool_call'))).toHaveLength(2);
    expect(issuesOf(messages)).toEqual([]);
  });

  it('keeps parallel calls of the current turn together with all their results', () => {
    const calls = [call('Read', 'a'), call('Read', 'b'), call('Grep', 'c')];
    const input = build({ turns: [toolTurn('q1'), { prompt: 'q2', steps: [{ kind: 'tools', calls }, { kind: 'text', text: 'fin' }] }] }, format);
    const { messages } = pruneHistory(input);
    expect(blocksOf(messages).filter((b) => b.includes('tool_result'))).toHaveLength(3);
    expect(issuesOf(messages)).toEqual([]);
  });

  it('is deterministic', () => {
    const input = build({ turns: [toolTurn('q1'), toolTurn('q2'), toolTurn('q3')] }, format);
    expect(JSON.stringify(pruneHistory(input).messages)).toBe(JSON.stringify(pruneHistory(input).messages));
  });
});

describe('tool_pruning details', () => {
  it('does not start a turn at tool results inside user messages (Anthropic)', () => {
    const input = build({ turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2')] }, 'anthropic') as unknown[];
    // Four user messages, two of them tool results: two turns only, so only R1 goes.
    const text = blocksOf(pruneHistory(input).messages).join('\n');
    expect(text).not.toContain('R1');
    expect(text).toContain('R2');
  });

  it('keeps the text of an assistant message that also held tool calls', () => {
    const input = [
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'I will read it', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Read', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'R' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'q2' },
    ];
    const out = pruneHistory(input).messages as Array<Record<string, unknown>>;
    expect(out).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'I will read it' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'q2' },
    ]);
  });

  it('merges messages that pruning brings together in Converse, which requires alternation', () => {
    const input = build({ turns: [toolTurn('q1'), toolTurn('q2')] }, 'converse') as Array<Record<string, unknown>>;
    const out = pruneHistory(input).messages as Array<Record<string, unknown>>;
    const roles = out.map((m) => m['role']);
    expect(roles.slice(0, 2)).toEqual(['user', 'assistant']);
    expect(roles.every((r, i) => i === 0 || r !== roles[i - 1])).toBe(true);
    expect(issuesOf(out)).toEqual([]);
  });

  it('treats harness-injected user text as part of the turn, not a new one', () => {
    const input = [
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'R1' }, { type: 'text', text: '[Request interrupted by user for tool use]' }] },
      { role: 'user', content: '<system-reminder>be brief</system-reminder>' },
      { role: 'assistant', content: 'A1' },
    ];
    // One real prompt: a single turn, nothing pruned.
    expect(pruneHistory(input).messages).toEqual(input);
  });

  it('keeps Claude Code bookkeeping lines and drops whole tool lines of prior turns', () => {
    const input = build({ turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2')] }, 'claude-code') as Array<Record<string, unknown>>;
    const out = pruneHistory(input).messages as Array<Record<string, unknown>>;
    expect(out[0]).toEqual({ type: 'permission-mode', permissionMode: 'default' });
    expect(JSON.stringify(out)).not.toContain('R1');
    expect(out.length).toBe(input.length - 2);
  });

  it('groups Claude Code lines of one API message even when results interleave', () => {
    const line = (role: string, block: unknown, id?: string): Record<string, unknown> => ({ type: role, message: { role, ...(id ? { id } : {}), content: [block] } });
    const input = [
      { type: 'user', message: { role: 'user', content: 'go' } },
      line('assistant', { type: 'tool_use', id: 'a', name: 'Read', input: {} }, 'm1'),
      line('user', { type: 'tool_result', tool_use_id: 'a', content: 'A' }),
      line('assistant', { type: 'tool_use', id: 'b', name: 'Read', input: {} }, 'm1'),
      line('user', { type: 'tool_result', tool_use_id: 'b', content: 'B' }),
      line('assistant', { type: 'text', text: 'done' }, 'm2'),
    ];
    expect(issuesOf(input)).toEqual([]);
    const parsed = blocksOf(input);
    expect(parsed).toEqual(['user/text:go', 'assistant/tool_call:Read {}', 'assistant/tool_call:Read {}', 'user/tool_result:A', 'user/tool_result:B', 'assistant/text:done']);
  });
});
