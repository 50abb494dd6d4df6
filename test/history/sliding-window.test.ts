import { describe, expect, it } from 'vitest';
import { pruneHistory } from '../../src/history/index.js';
import { ALL_FORMATS, build, toolTurn } from './builders.js';
import { blocksOf, issuesOf } from './check.js';

describe.each(ALL_FORMATS)('sliding_window on %s', (format) => {
  it('drops whole oldest turns and keeps the system prompt', () => {
    const input = build({ system: 'SYS', turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2'), toolTurn('q3', 'R3')] }, format);
    const { messages, report } = pruneHistory(input, { strategies: ['sliding_window'], keepTurns: 2 });
    const text = blocksOf(messages).join('\n');
    expect(text).not.toMatch(/q1|R1/);
    expect(text).toMatch(/q2[\s\S]*R2[\s\S]*q3[\s\S]*R3/);
    if (format !== 'claude-code') expect(text).toContain('SYS');
    expect(report.removed.turns).toBe(1);
    expect(issuesOf(messages)).toEqual([]);
  });
});

describe('sliding_window', () => {
  it('keeps everything when there are no more turns than keepTurns', () => {
    const input = build({ turns: [toolTurn('q1'), toolTurn('q2')] }, 'anthropic');
    expect(pruneHistory(input, { strategies: ['sliding_window'], keepTurns: 5 }).messages).toEqual(input);
  });

  it('needs keepTurns >= 1', () => {
    const input = build({ turns: [toolTurn('q1')] }, 'anthropic');
    expect(() => pruneHistory(input, { strategies: ['sliding_window'] })).toThrow(/needs keepTurns/);
    expect(() => pruneHistory(input, { strategies: ['sliding_window'], keepTurns: 0 })).toThrow(/keepTurns must be an integer >= 1/);
  });

  it('composes with tool_pruning in the order given', () => {
    const input = build({ turns: [toolTurn('q1', 'R1'), toolTurn('q2', 'R2'), toolTurn('q3', 'R3')] }, 'openai-chat');
    const text = blocksOf(pruneHistory(input, { strategies: ['sliding_window', 'tool_pruning'], keepTurns: 2 }).messages).join('\n');
    expect(text).not.toMatch(/R1|R2/);
    expect(text).toMatch(/q2[\s\S]*answer to q2[\s\S]*R3/);
  });

  it('rejects unknown and repeated strategies', () => {
    const input = build({ turns: [toolTurn('q1')] }, 'anthropic');
    expect(() => pruneHistory(input, { strategies: ['compress' as 'trim'] })).toThrow(/unknown strategy "compress"/);
    expect(() => pruneHistory(input, { strategies: ['tool_pruning', 'tool_pruning'] })).toThrow(/listed twice/);
  });
});
