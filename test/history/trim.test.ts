import { describe, expect, it } from 'vitest';
import { createHistoryTrimmer, HistoryError, pruneHistory, pruneHistoryAsync } from '../../src/history/index.js';
import { ALL_FORMATS, build, call, fakeStore, toolTurn } from './builders.js';
import { blocksOf, issuesOf } from './check.js';

const BIG = 'line of build output\n'.repeat(100); // 2,100 chars
const SMALL = 'short output';

describe.each(ALL_FORMATS)('trim on %s', (format) => {
  it('stores old long outputs and replaces them with a preview naming the artifact', () => {
    const input = build({ turns: [toolTurn('q1', BIG), toolTurn('q2', SMALL), toolTurn('q3', BIG), toolTurn('q4', BIG)] }, format);
    const store = fakeStore();
    const { messages, report } = pruneHistory(input, { strategies: ['trim'], store });
    expect(store.saved).toEqual([{ id: 'art-1', text: BIG, tool: 'Read' }]);
    const results = blocksOf(messages).filter((b) => b.includes('tool_result'));
    expect(results[0]).toContain('art-1');
    expect(results[0]).toContain('reduce inspect art-1');
    expect(results[0]).toContain(BIG.slice(0, 200));
    expect(results[0]!.length).toBeLessThan(BIG.length);
    expect(results.slice(1).map((r) => r.endsWith(SMALL) || r.endsWith(BIG))).toEqual([true, true, true]);
    expect(report.trimmed).toEqual([{ callId: expect.any(String), tool: 'Read', chars: BIG.length, replacementChars: expect.any(Number) }]);
    expect(issuesOf(messages)).toEqual([]);
  });
});

describe('trim parameters', () => {
  const input = build({ turns: [toolTurn('q1', BIG), toolTurn('q2', BIG), toolTurn('q3', SMALL)] }, 'anthropic');

  it('honours recentTurns', () => {
    expect(pruneHistory(input, { strategies: ['trim'], store: fakeStore(), recentTurns: 1 }).report.trimmed).toHaveLength(2);
    expect(pruneHistory(input, { strategies: ['trim'], store: fakeStore(), recentTurns: 3 }).report.trimmed).toHaveLength(0);
  });

  it('honours maxOutputChars and trimmableTools', () => {
    expect(pruneHistory(input, { strategies: ['trim'], store: fakeStore(), recentTurns: 1, maxOutputChars: 5000 }).report.trimmed).toHaveLength(0);
    expect(pruneHistory(input, { strategies: ['trim'], store: fakeStore(), recentTurns: 1, trimmableTools: ['Bash'] }).report.trimmed).toHaveLength(0);
    expect(pruneHistory(input, { strategies: ['trim'], store: fakeStore(), recentTurns: 1, trimmableTools: ['Read'] }).report.trimmed).toHaveLength(2);
  });

  it('replaces only when the replacement is shorter, and then stores nothing', () => {
    const medium = 'x'.repeat(520);
    const store = fakeStore();
    const { report } = pruneHistory(build({ turns: [toolTurn('q1', medium), toolTurn('q2')] }, 'anthropic'), { strategies: ['trim'], store, recentTurns: 1, previewChars: 500 });
    expect(report.trimmed).toEqual([]);
    expect(store.saved).toEqual([]);
  });

  it('never trims an output twice', () => {
    const store = fakeStore();
    const once = pruneHistory(input, { strategies: ['trim'], store, recentTurns: 1, previewChars: 490 }).messages;
    const twice = pruneHistory(once, { strategies: ['trim'], store, recentTurns: 1, previewChars: 490 });
    expect(twice.report.trimmed).toEqual([]);
    expect(twice.messages).toEqual(once);
  });

  it.each([
    [{ recentTurns: 0 }, /recentTurns must be an integer >= 1/],
    [{ recentTurns: 1.5 }, /recentTurns must be an integer/],
    [{ maxOutputChars: -1 }, /maxOutputChars must be an integer >= 1/],
    [{ previewChars: 600 }, /previewChars \(600\) must not exceed maxOutputChars \(500\)/],
    [{ trimmableTools: [] }, /trimmableTools must be a non-empty list/],
  ])('rejects bad parameters %o', (options, message) => {
    expect(() => pruneHistory(input, { strategies: ['trim'], store: fakeStore(), ...options })).toThrow(message);
  });

  it('needs a store', () => {
    expect(() => pruneHistory(input, { strategies: ['trim'] })).toThrow(HistoryError);
    expect(() => pruneHistory(input, { strategies: ['trim'] })).toThrow(/needs a store/);
  });

  it('uses the reducer packet with pruneHistoryAsync', async () => {
    const calls: string[] = [];
    const reducer = {
      reduce: async (text: string, meta: { command: string }) => {
        calls.push(meta.command);
        return { id: `pkt-${calls.length}`, packetText: `PACKET ${text.length} chars` };
      },
    };
    const { messages, report } = await pruneHistoryAsync(input, { strategies: ['trim'], reducer, recentTurns: 1 });
    expect(calls).toEqual(['read x']);
    expect(report.trimmed).toHaveLength(2);
    const results = blocksOf(messages).filter((b) => b.includes('tool_result'));
    expect(results[0]).toContain('pkt-1');
    expect(results[0]).toContain(`PACKET ${BIG.length} chars`);
  });
});

describe('the trimmer object', () => {
  it('runs before every model call and stores each old output once', () => {
    const store = fakeStore();
    const trimmer = createHistoryTrimmer({ strategies: ['tool_pruning', 'trim'], store, recentTurns: 1 });
    const history: unknown[] = [];
    const turns = [toolTurn('q1', BIG), toolTurn('q2', BIG), toolTurn('q3', BIG)];
    for (let t = 1; t <= turns.length; t++) {
      const full = build({ turns: turns.slice(0, t) }, 'openai-chat') as unknown[];
      history.splice(0, history.length, ...full);
      const snapshot = structuredClone(history);
      const pruned = trimmer.prune(history);
      expect(history).toEqual(snapshot);
      expect(issuesOf(pruned)).toEqual([]);
    }
    // tool_pruning removes prior outputs before trim sees them: nothing to store.
    expect(store.saved).toEqual([]);
    expect(trimmer.lastReport?.removed.toolResults).toBe(2);
  });

  it('rejects bad options when created', () => {
    expect(() => createHistoryTrimmer({ strategies: ['sliding_window'] })).toThrow(/sliding_window needs keepTurns/);
  });

  it('memoizes the store across calls', () => {
    const store = fakeStore();
    const trimmer = createHistoryTrimmer({ strategies: ['trim'], store, recentTurns: 1 });
    const input = build({ turns: [toolTurn('q1', BIG), toolTurn('q2')] }, 'anthropic');
    const first = trimmer.prune(input);
    const second = trimmer.prune(input);
    expect(second).toEqual(first);
    expect(store.saved).toHaveLength(1);
  });
});
