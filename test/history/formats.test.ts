import { describe, expect, it } from 'vitest';
import { HistoryError, parseHistory, pruneHistory, detectAdapter } from '../../src/history/index.js';
import { ALL_FORMATS, build, call, toolTurn, type ConversationSpec } from './builders.js';
import { issuesOf } from './check.js';

const spec: ConversationSpec = {
  system: 'You are helpful.',
  turns: [
    toolTurn('first question'),
    { prompt: 'second', steps: [{ kind: 'thinking', text: 'hmm' }, { kind: 'tools', calls: [call('Bash', 'ok'), call('Read', 'x')] }, { kind: 'text', text: 'done' }] },
  ],
};

describe.each(ALL_FORMATS)('format %s', (format) => {
  it('is detected as its own container', () => {
    expect(detectAdapter(build(spec, format)).name).toBe(format);
  });

  it('reads turns, calls and results', () => {
    const parsed = parseHistory(build(spec, format));
    const blocks = parsed.conversations[0]!.messages.flatMap((m) => m.blocks);
    expect(blocks.filter((b) => b.kind === 'tool_call').map((b) => (b.kind === 'tool_call' ? b.name : ''))).toEqual(['Read', 'Bash', 'Read']);
    expect(blocks.filter((b) => b.kind === 'tool_result')).toHaveLength(3);
    expect(issuesOf(build(spec, format))).toEqual([]);
  });

  it('renders the input unchanged when no strategy changes anything', () => {
    const input = build({ turns: [spec.turns[0]!] }, format);
    expect(pruneHistory(input).messages).toEqual(input);
  });
});

describe('detection', () => {
  it('rejects unknown shapes with a clear exit-2 error', () => {
    for (const input of [{ foo: 1 }, [1, 2], 'text', [{ role: 'wizard', content: 'x' }], []]) {
      let error: unknown;
      try {
        pruneHistory(input);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HistoryError);
      expect((error as HistoryError).exitCode).toBe(2);
      expect((error as HistoryError).code).toBe('unknown-format');
    }
  });

  it('names the bad place when a forced format does not fit', () => {
    expect(() => pruneHistory([{ role: 'user', content: 'hi' }, { role: 'tool' }], { format: 'anthropic' })).toThrow(/message 1: role must be user or assistant/);
    expect(() => pruneHistory([{ role: 'assistant', content: [{ type: 'tool_use', name: 'x', input: {} }] }], { format: 'anthropic' })).toThrow(/tool_use block without an id/);
  });

  it('rejects an unknown --format name', () => {
    expect(() => pruneHistory([], { format: 'gemini' })).toThrow(/unknown format "gemini"/);
  });

  it('reads SWE-agent tool messages with tool_call_ids', () => {
    const traj = {
      trajectory: [],
      history: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: [{ type: 'text', text: 'fix it' }] },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'bash', arguments: '{}' } }] },
        { role: 'tool', content: [{ type: 'text', text: 'out' }], tool_call_ids: ['c1'] },
      ],
    };
    const parsed = parseHistory(traj);
    expect(parsed.container).toBe('request.history');
    expect(issuesOf(traj)).toEqual([]);
  });

  it('regroups parallel calls split over assistant messages in Chat logs', () => {
    const messages = [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'W', arguments: '{}' } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'W', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'a', content: 'A' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'W', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'b', content: 'B' },
      { role: 'tool', tool_call_id: 'c', content: 'C' },
      { role: 'assistant', content: 'all written' },
    ];
    const out = pruneHistory(messages).messages as Array<Record<string, unknown>>;
    expect(out.map((m) => m['role'])).toEqual(['user', 'assistant', 'tool', 'tool', 'tool', 'assistant']);
    expect((out[1]!['tool_calls'] as unknown[]).length).toBe(3);
    expect(issuesOf(out)).toEqual([]);
  });

  it('reads a Codex compaction as a new conversation', () => {
    const lines = build({ turns: [toolTurn('one'), toolTurn('two')] }, 'codex') as unknown[];
    lines.push({ type: 'compacted', payload: { message: '', replacement_history: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'one' }] }] } });
    lines.push({ type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'three' }] } });
    const parsed = parseHistory(lines);
    expect(parsed.conversations).toHaveLength(2);
    expect(parsed.conversations[1]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'user']);
  });
});
