import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHistory, pruneHistory, type StrategyName } from '../../src/history/index.js';
import { EVERY_FORMAT, build, type CallSpec, type ConversationSpec, type StepSpec } from './builders.js';
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

const strategies = fc.subarray<StrategyName>(['tool_pruning', 'trim', 'sliding_window', 'mask'], { minLength: 1 }).chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }));

const options = fc.record({
  strategies,
  keepTurns: fc.integer({ min: 1, max: 4 }),
  recentTurns: fc.integer({ min: 1, max: 3 }),
  maxOutputChars: fc.integer({ min: 50, max: 800 }),
  previewChars: fc.integer({ min: 0, max: 50 }),
  maskKeep: fc.integer({ min: 1, max: 4 }),
  maskEvery: fc.integer({ min: 1, max: 4 }),
  maskTrigger: fc.constantFrom(0, 200, 100_000),
});

describe('property: prune output is always API-valid', () => {
  it('for every format, conversation shape and strategy order', () => {
    fc.assert(
      fc.property(spec, fc.constantFrom(...EVERY_FORMAT), options, (conversation, format, opts) => {
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

/** Agent-like runs: few files and commands, so calls repeat, reads supersede and errors recur. */
const agentOutput = fc.oneof(
  fc.constant(undefined),
  word,
  fc.integer({ min: 0, max: 3 }).map((n) => `listing ${n}\n`.repeat(60)),
  fc.integer({ min: 0, max: 3 }).map((n) => `Exit code: 1\nOutput:\n${'building\n'.repeat(40)}error: broken ${n}\n`),
  fc.string({ minLength: 0, maxLength: 700 }),
);
const agentCall = fc.record({
  name: fc.constantFrom('Bash', 'Read', 'TodoWrite', 'shell_command'),
  input: fc.constantFrom<Record<string, unknown>>({ file_path: 'a.ts' }, { file_path: 'b.ts', offset: 5 }, { command: 'ls' }, { command: 'cat a.ts' }, { command: 'make' }),
  output: agentOutput,
});
const agentSpec: fc.Arbitrary<ConversationSpec> = fc
  .array(fc.record({ prompt: word, calls: fc.array(fc.array(agentCall, { minLength: 1, maxLength: 2 }), { maxLength: 14 }) }), { minLength: 1, maxLength: 2 })
  .map((turns) => {
    let n = 0;
    return {
      system: 'S sys',
      turns: turns.map((t) => ({
        prompt: `P ${t.prompt}`,
        steps: [
          ...t.calls.map((calls): StepSpec => ({ kind: 'tools', calls: calls.map((c): CallSpec => ({ id: `id${++n}`, name: c.name, input: c.input, ...(c.output === undefined ? {} : { output: c.output }) })) })),
          { kind: 'text' as const, text: 'done' },
        ],
      })),
    };
  });
const maskOptions = fc.record({
  strategies: fc.constantFrom<StrategyName[]>(['mask'], ['trim', 'mask'], ['mask', 'trim'], ['tool_pruning', 'mask']),
  maskKeep: fc.integer({ min: 1, max: 4 }),
  maskEvery: fc.integer({ min: 1, max: 4 }),
  maskTrigger: fc.constantFrom(0, 300),
  maxOutputChars: fc.integer({ min: 100, max: 600 }),
  supersedeByEdits: fc.boolean(),
});

describe('property: mask', () => {
  it('is valid, deterministic and idempotent, and every placeholder id restores the exact original', () => {
    fc.assert(
      fc.property(agentSpec, fc.constantFrom(...EVERY_FORMAT), maskOptions, (conversation, format, opts) => {
        const input = build(conversation, format);
        // Content-addressed, as the real store is: the same text keeps its id.
        const stored = new Map<string, string>();
        const ids = new Map<string, string>();
        const store = {
          save(text: string) {
            let id = ids.get(text);
            if (id === undefined) {
              id = `art-${ids.size + 1}`;
              ids.set(text, id);
              stored.set(id, text);
            }
            return id;
          },
        };
        const first = pruneHistory(input, { ...opts, store });
        expect(issuesOf(first.messages)).toEqual([]);
        const again = pruneHistory(structuredClone(input), { ...opts, store });
        expect(JSON.stringify(again.messages)).toBe(JSON.stringify(first.messages));
        const twice = pruneHistory(first.messages, { ...opts, store });
        expect(JSON.stringify(twice.messages)).toBe(JSON.stringify(first.messages));
        const originals = new Map<string, string>();
        for (const message of parseHistory(input).conversations.flatMap((c) => c.messages)) {
          for (const block of message.blocks) if (block.kind === 'tool_result' && !originals.has(block.callId)) originals.set(block.callId, block.output);
        }
        for (const message of parseHistory(first.messages).conversations.flatMap((c) => c.messages)) {
          for (const block of message.blocks) {
            if (block.kind !== 'tool_result' || !block.output.startsWith('[reduce: ')) continue;
            const id = /stored as (\S+);/.exec(block.output)?.[1];
            expect(id !== undefined && stored.get(id)).toBe(originals.get(block.callId));
          }
        }
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 300) },
    );
  });
});
