import { describe, expect, it } from 'vitest';
import { findApiIssues, parseHistory, pruneHistory } from '../../src/history/index.js';
import { issuesOf } from './check.js';

describe('orphans', () => {
  const anthropic = [
    { role: 'user', content: 'q1' },
    { role: 'assistant', content: [{ type: 'text', text: 'running' }, { type: 'tool_use', id: 'lost', name: 'Bash', input: {} }] },
    { role: 'user', content: 'q2: never mind, do this instead' },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'ok', name: 'Read', input: {} }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ok', content: 'R' }, { type: 'tool_result', tool_use_id: 'ghost', content: 'G' }] },
    { role: 'assistant', content: 'done' },
  ];

  it('the checker reports a call without result and a result without call', () => {
    const parsed = parseHistory(anthropic);
    const rules = findApiIssues(parsed.conversations[0]!, parsed.format).map((i) => `${i.rule}@${i.message}`);
    expect(rules.sort()).toEqual(['orphan-call@1', 'orphan-result@4']);
  });

  it('prune removes them, keeps the text beside them and reports them', () => {
    const { messages, report } = pruneHistory(anthropic, { strategies: ['tool_pruning'] });
    expect(report.orphans.map((o) => `${o.kind}:${o.id}`).sort()).toEqual(['call:lost', 'result:ghost']);
    expect(issuesOf(messages)).toEqual([]);
    expect(JSON.stringify(messages)).toContain('running');
  });

  it('handles orphans the same way in every strategy mix', () => {
    for (const strategies of [['tool_pruning'], ['sliding_window'], ['tool_pruning', 'sliding_window']] as const) {
      const { messages, report } = pruneHistory(anthropic, { strategies: [...strategies], keepTurns: 5 });
      expect(report.orphans).toHaveLength(2);
      expect(issuesOf(messages)).toEqual([]);
    }
  });

  it('Responses: an output before its call and a call never answered', () => {
    const items = [
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q' }] },
      { type: 'function_call_output', call_id: 'early', output: 'x' },
      { type: 'function_call', call_id: 'early', name: 'f', arguments: '{}' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'a' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'q2' }] },
    ];
    const { messages, report } = pruneHistory(items);
    expect(report.orphans.map((o) => o.kind).sort()).toEqual(['call', 'result']);
    expect(messages).toEqual([items[0], items[3], items[4]]);
  });

  it('Chat: a tool message not right after its call', () => {
    const messages = [
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'assistant', content: 'interjection' },
      { role: 'tool', tool_call_id: 'c', content: 'late' },
      { role: 'assistant', content: 'end' },
    ];
    const out = pruneHistory(messages).messages;
    expect(out).toEqual([messages[0], messages[2], messages[4]]);
    expect(issuesOf(out)).toEqual([]);
  });
});

describe('orphans found by the property test', () => {
  it('Chat: an unanswered call merged with the next call message is dropped, the answered one kept', () => {
    const messages = [
      { role: 'user', content: 'P a' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'id1', type: 'function', function: { name: 'Bash', arguments: '{}' } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'id2', type: 'function', function: { name: 'Bash', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'id2', content: 'a' },
      { role: 'user', content: 'P b' },
    ];
    const out = pruneHistory(messages, { strategies: ['sliding_window'], keepTurns: 5 }).messages;
    expect(out).toEqual([messages[0], { role: 'assistant', content: null, tool_calls: [messages[2]!.tool_calls![0]] }, messages[3], messages[4]]);
    expect(issuesOf(out)).toEqual([]);
  });
});
