import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHistory, pruneHistory, type StrategyName } from '../../src/history/index.js';
import { ALL_FORMATS, build, type CallSpec, type ConversationSpec, type StepSpec } from './builders.js';
import { issuesOf } from './check.js';

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const output = fc.oneof(fc.constant(undefined), word, fc.string({ minLength: 0, maxLength: 40 }), fc.nat({ max: 1200 }).map((n) => 'o'.repeat(n)));

/** Steps with globally unique call ids (assigned after generation). */
const step: fc.Arbitrary<StepSpec> = fc.oneof(
  word.map((text): StepSpec => ({ kind: 'text', text })),
  word.map((text): StepSpec => ({ kind: 'thinking', text })),
  fc.array(fc.record({ name: fc.constantFrom('Bash', 'Read', 'Grep'), output }), { minLength: 1, maxLength: 3 }).map(
    (calls): StepSpec => ({ kind: 'tools', calls: calls.map((c) => ({ id: '', name: c.name, input: { command: 'x' }, ...(c.output === undefined ? {} : { output: c.output }) })) }),
  ),
);

const spec: fc.Arbitrary<ConversationSpec> = fc
  .record({
    system: fc.option(word, { nil: undefined }),
    turns: fc.array(fc.record({ prompt: word, steps: fc.array(step, { maxLength: 5 }) }), { minLength: 1, maxLength: 6 }),
  })
  .map((s) => {
    let n = 0;
    const turns = s.turns.map((t) => ({
      prompt: `P ${t.prompt}`,
      steps: t.steps.map((st) => (st.kind === 'tools' ? { kind: 'tools' as const, calls: st.calls.map((c): CallSpec => ({ ...c, id: `id${++n}` })) } : st)),
    }));
    return s.system === undefined ? { turns } : { system: `S ${s.system}`, turns };
  });

const strategies = fc.subarray<StrategyName>(['tool_pruning', 'trim', 'sliding_window'], { minLength: 1 }).chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }));

const options = fc.record({
  strategies,
  keepTurns: fc.integer({ min: 1, max: 4 }),
  recentTurns: fc.integer({ min: 1, max: 3 }),
  maxOutputChars: fc.integer({ min: 50, max: 800 }),
  previewChars: fc.integer({ min: 0, max: 50 }),
});

describe('property: prune output is always API-valid', () => {
  it('for every format, conversation shape and strategy order', () => {
    fc.assert(
      fc.property(spec, fc.constantFrom(...ALL_FORMATS), options, (conversation, format, opts) => {
        const input = build(conversation, format);
        const snapshot = structuredClone(input);
        let saved = 0;
        const store = { save: () => `art-${++saved}` };
        const first = pruneHistory(input, { ...opts, store });
        // Valid by the API's rules, input untouched, deterministic.
        expect(issuesOf(first.messages)).toEqual([]);
        expect(input).toEqual(snapshot);
        saved = 0;
        expect(JSON.stringify(pruneHistory(input, { ...opts, store }).messages)).toBe(JSON.stringify(first.messages));
        // The current turn's prompt and the system prompt survive.
        const messages = parseHistory(first.messages).conversations.at(-1)!.messages;
        const texts = messages.flatMap((m) => m.blocks.map((b) => (b.kind === 'text' ? b.text : '')));
        expect(texts).toContain(conversation.turns.at(-1)!.prompt);
        if (conversation.system && format !== 'claude-code') {
          expect(messages.some((m) => m.role === 'system' && m.blocks.some((b) => b.kind === 'text' && b.text.includes(conversation.system!)))).toBe(true);
        }
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 400) },
    );
  });
});
