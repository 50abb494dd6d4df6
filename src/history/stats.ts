/**
 * Token accounting per model call and per turn. Model call k receives every message before
 * the k-th run of assistant messages; "after" runs the strategies on exactly that prefix, as a
 * before-model-call filter would: each strategy alone, then (with several) all of them in the
 * order given. Trim runs dry (ids from content, nothing stored).
 */
import type { Conversation, Message } from './model.js';
import type { ParsedHistory } from './formats/types.js';
import type { PrunePlan, StrategyName } from './options.js';
import { runPipeline } from './pipeline.js';
import { dryRunStore, previewResolver } from './store.js';
import type { TrimResolver } from './strategies/trim.js';
import { messagesTokens, TOKENIZER } from './tokens.js';
import { isPrompt, turnNumbers } from './turns.js';

/** Input tokens of one model call: before, and after each strategy in order. */
export interface CallStats {
  readonly call: number;
  readonly conversation: number;
  readonly turn: number;
  readonly messages: number;
  readonly before: number;
  /** After each variant, in the order of `variants`. */
  readonly after: readonly number[];
}

/** The calls of one turn, summed; first and last call shown apart. */
export interface TurnStats {
  readonly conversation: number;
  readonly turn: number;
  readonly prompt: string;
  readonly calls: number;
  readonly firstCall: { before: number; after: readonly number[] } | null;
  readonly total: { before: number; after: readonly number[] };
}

export interface HistoryStats {
  readonly schema: 'reduce.history-stats/1';
  readonly tokenizer: string;
  readonly format: string;
  readonly container: string;
  readonly strategies: readonly StrategyName[];
  /** What each `after` column is: each strategy alone, then all of them joined by `+`. */
  readonly variants: readonly string[];
  readonly conversations: number;
  readonly calls: readonly CallStats[];
  readonly turns: readonly TurnStats[];
  readonly total: { calls: number; before: number; after: readonly number[] };
}

/** Indices where a model call's response starts: the first of each run of assistant messages. */
export function callStarts(messages: readonly Message[]): number[] {
  const starts: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === 'assistant' && messages[i - 1]?.role !== 'assistant') starts.push(i);
  });
  return starts;
}

function memoize(resolve: TrimResolver): TrimResolver {
  const cache = new Map<string, string | undefined>();
  return (candidate) => {
    const key = `${candidate.tool}\0${candidate.output}`;
    if (!cache.has(key)) cache.set(key, resolve(candidate));
    return cache.get(key);
  };
}

function promptPreview(message: Message | undefined): string {
  if (!message) return '(preamble)';
  const text = message.blocks.map((b) => (b.kind === 'text' ? b.text : '')).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** Each strategy alone, then all of them in order when there are several. */
export function statsVariants(plan: PrunePlan): PrunePlan[] {
  const single = plan.strategies.map((strategy) => ({ ...plan, strategies: [strategy] }));
  return plan.strategies.length > 1 ? [...single, plan] : single;
}

function conversationCalls(conversation: Conversation, index: number, variants: readonly PrunePlan[], format: ParsedHistory['format'], resolve: TrimResolver, firstCall: number): CallStats[] {
  const { messages } = conversation;
  const turns = turnNumbers(messages);
  return callStarts(messages).map((start, k) => {
    const prefix: Conversation = { messages: messages.slice(0, start) };
    const after = variants.map((variant) => messagesTokens(runPipeline(prefix, format, variant, resolve).conversation.messages));
    return { call: firstCall + k, conversation: index, turn: turns[start] ?? 0, messages: start, before: messagesTokens(prefix.messages), after };
  });
}

function sumAfter(calls: readonly CallStats[], stages: number): number[] {
  return Array.from({ length: stages }, (_, s) => calls.reduce((n, c) => n + (c.after[s] ?? 0), 0));
}

/** Computes per-call and per-turn token counts for every conversation of a parsed input. */
export function computeStats(parsed: ParsedHistory, plan: PrunePlan): HistoryStats {
  const resolve = memoize(previewResolver(dryRunStore, plan.trim.previewChars));
  const variants = statsVariants(plan);
  const stages = variants.length;
  const calls: CallStats[] = [];
  const turns: TurnStats[] = [];
  parsed.conversations.forEach((conversation, index) => {
    const own = conversationCalls(conversation, index, variants, parsed.format, resolve, calls.length + 1);
    calls.push(...own);
    const prompts = conversation.messages.filter(isPrompt);
    const turnCount = prompts.length;
    for (let turn = 0; turn <= turnCount; turn++) {
      const inTurn = own.filter((c) => c.turn === turn);
      if (turn === 0 && inTurn.length === 0) continue;
      const first = inTurn[0];
      turns.push({
        conversation: index,
        turn,
        prompt: turn === 0 ? '(preamble)' : promptPreview(prompts[turn - 1]),
        calls: inTurn.length,
        firstCall: first ? { before: first.before, after: first.after } : null,
        total: { before: inTurn.reduce((n, c) => n + c.before, 0), after: sumAfter(inTurn, stages) },
      });
    }
  });
  return {
    schema: 'reduce.history-stats/1',
    tokenizer: TOKENIZER,
    format: parsed.format,
    container: parsed.container,
    strategies: plan.strategies,
    variants: variants.map((v) => v.strategies.join('+')),
    conversations: parsed.conversations.length,
    calls,
    turns,
    total: { calls: calls.length, before: calls.reduce((n, c) => n + c.before, 0), after: sumAfter(calls, stages) },
  };
}
