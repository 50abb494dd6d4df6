/**
 * Token accounting per model call and per turn. Model call k receives every message before
 * the k-th run of assistant messages; "after" runs the strategies on exactly that prefix, as a
 * before-model-call filter would: each strategy alone, then (with several) all of them in the
 * order given. Trim runs dry (ids from content, nothing stored).
 */
import { badOption } from './errors.js';
import type { Conversation, Message } from './model.js';
import type { ParsedHistory } from './formats/types.js';
import type { PrunePlan, StrategyName } from './options.js';
import { runPipeline } from './pipeline.js';
import { dryRunStore, previewResolver } from './store.js';
import type { TrimResolver } from './strategies/trim.js';
import { blockText } from './model.js';
import { messagesTokens, messageTokens, TOKENIZER } from './tokens.js';
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
  /**
   * Tokens of the prompt's longest run of leading messages unchanged since the previous call
   * of the same conversation (what a prompt cache can serve): unpruned, then per variant.
   */
  readonly cached: { before: number; after: readonly number[] };
  /** Whether the prompt is the previous call's prompt plus new messages (false for a conversation's first call). */
  readonly stable: { before: boolean; after: readonly boolean[] };
}

/** Totals with a prompt cache priced in: cached tokens cost `cacheReadPrice`, the rest 1. */
export interface CacheTotals {
  readonly cacheReadPrice: number;
  /** Calls that have a previous call in their conversation (the others cannot be served from cache). */
  readonly followingCalls: number;
  /** Of those, how many are prefix-stable: unpruned, then per variant. */
  readonly stable: { before: number; after: readonly number[] };
  /** The sum over calls of uncached + cached x price, rounded: unpruned, then per variant. */
  readonly priced: { before: number; after: readonly number[] };
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
  readonly cache: CacheTotals;
}

/** How `computeStats` prices a prompt cache. */
export interface StatsOptions {
  /** Price of a cached input token relative to an uncached one (default 0.1). */
  readonly cacheReadPrice?: number;
}

export const DEFAULT_CACHE_READ_PRICE = 0.1;

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
    const key = `${candidate.tool}\0${JSON.stringify(candidate.reason ?? null)}\0${candidate.output}`;
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

/** Same role and the same blocks as the model reads them. */
function sameMessage(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (a.role !== b.role || a.blocks.length !== b.blocks.length) return false;
  return a.blocks.every((block, i) => {
    const other = b.blocks[i];
    return other !== undefined && other.kind === block.kind && blockText(other) === blockText(block);
  });
}

/** Tokens of the leading messages `next` shares with `previous`, and whether it shares all of `previous`. */
function sharedPrefix(previous: readonly Message[] | undefined, next: readonly Message[]): { tokens: number; stable: boolean } {
  if (!previous) return { tokens: 0, stable: false };
  let tokens = 0;
  let i = 0;
  for (; i < previous.length && i < next.length && sameMessage(previous[i]!, next[i]!); i++) tokens += messageTokens(next[i]!);
  return { tokens, stable: i === previous.length };
}

function conversationCalls(conversation: Conversation, index: number, variants: readonly PrunePlan[], format: ParsedHistory['format'], resolve: TrimResolver, firstCall: number): CallStats[] {
  const { messages } = conversation;
  const turns = turnNumbers(messages);
  let previousBefore: readonly Message[] | undefined;
  const previousAfter: (readonly Message[] | undefined)[] = variants.map(() => undefined);
  return callStarts(messages).map((start, k) => {
    const prefix = messages.slice(0, start);
    const pruned = variants.map((variant) => runPipeline({ messages: prefix }, format, variant, resolve).conversation.messages);
    const before = sharedPrefix(previousBefore, prefix);
    const after = pruned.map((m, v) => sharedPrefix(previousAfter[v], m));
    previousBefore = prefix;
    pruned.forEach((m, v) => (previousAfter[v] = m));
    return {
      call: firstCall + k,
      conversation: index,
      turn: turns[start] ?? 0,
      messages: start,
      before: messagesTokens(prefix),
      after: pruned.map(messagesTokens),
      cached: { before: before.tokens, after: after.map((a) => a.tokens) },
      stable: { before: before.stable, after: after.map((a) => a.stable) },
    };
  });
}

function cacheTotals(calls: readonly CallStats[], stages: number, price: number): CacheTotals {
  const following = calls.filter((c, i) => i > 0 && calls[i - 1]?.conversation === c.conversation);
  const priced = (tokens: number, cached: number): number => tokens - cached + cached * price;
  const stage = Array.from({ length: stages }, (_, s) => s);
  return {
    cacheReadPrice: price,
    followingCalls: following.length,
    stable: { before: following.filter((c) => c.stable.before).length, after: stage.map((s) => following.filter((c) => c.stable.after[s]).length) },
    priced: {
      before: Math.round(calls.reduce((n, c) => n + priced(c.before, c.cached.before), 0)),
      after: stage.map((s) => Math.round(calls.reduce((n, c) => n + priced(c.after[s] ?? 0, c.cached.after[s] ?? 0), 0))),
    },
  };
}

function sumAfter(calls: readonly CallStats[], stages: number): number[] {
  return Array.from({ length: stages }, (_, s) => calls.reduce((n, c) => n + (c.after[s] ?? 0), 0));
}

/** Computes per-call and per-turn token counts for every conversation of a parsed input. */
export function computeStats(parsed: ParsedHistory, plan: PrunePlan, options: StatsOptions = {}): HistoryStats {
  const price = options.cacheReadPrice ?? DEFAULT_CACHE_READ_PRICE;
  if (!(price >= 0 && price <= 1)) throw badOption(`cacheReadPrice must be between 0 and 1, got ${String(price)}`);
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
    cache: cacheTotals(calls, stages, price),
  };
}
