/**
 * The library entry points: `pruneHistory` (sync, with an injected store for `trim`) and
 * `pruneHistoryAsync` (with a reducer that turns old outputs into packets). Both detect the
 * format, run the strategies on every conversation in the input and render the input's shape.
 * The input is never mutated and the output shares no objects with it.
 */
import { badOption } from './errors.js';
import type { HistoryFormat } from './model.js';
import { adapterNamed, detectAdapter } from './formats/detect.js';
import type { ParsedHistory } from './formats/types.js';
import { resolvePruneOptions, type PrunePlan, type StrategyName, type StrategyOptions } from './options.js';
import { runPipeline, type PipelineResult } from './pipeline.js';
import type { Orphan } from './repair.js';
import { candidateKey, packetResolver, previewResolver, type HistoryReducer, type HistoryStore } from './store.js';
import type { TrimCandidate, TrimResolver, TrimmedOutput } from './strategies/trim.js';
import { splitTurns } from './turns.js';

/** Options of `pruneHistory`. */
export interface PruneOptions extends StrategyOptions {
  /** Where `trim` stores old outputs before replacing them. Required when `trim` runs. */
  readonly store?: HistoryStore;
  /** Skip detection and read the input as this format (`anthropic`, `openai-chat`, `claude-code`, ...). */
  readonly format?: string;
}

/** Options of `pruneHistoryAsync`: `reducer` turns old outputs into packets instead of previews. */
export interface PruneAsyncOptions extends StrategyOptions {
  readonly reducer: HistoryReducer;
  readonly format?: string;
}

/** What a prune did, for logs and `--verbose`. */
export interface PruneReport {
  readonly format: HistoryFormat;
  readonly container: string;
  readonly strategies: readonly StrategyName[];
  /** Model contexts in the input (Codex compaction epochs, OpenHands trajectories). */
  readonly conversations: number;
  readonly turns: number;
  readonly messagesBefore: number;
  readonly messagesAfter: number;
  readonly removed: { toolCalls: number; toolResults: number; thinking: number; turns: number };
  readonly trimmed: readonly TrimmedOutput[];
  /** Old outputs `mask` replaced (masked, deduplicated, superseded, shortened errors). */
  readonly masked: readonly TrimmedOutput[];
  /** Orphan calls and results found in the input and removed to keep the output valid. */
  readonly orphans: readonly Orphan[];
}

/** The pruned input, in its own shape, and the report. */
export interface PruneResult<T> {
  readonly messages: T;
  readonly report: PruneReport;
}

/** Reads input with the named or detected adapter. */
export function parseHistory(input: unknown, format?: string): ParsedHistory {
  return (format ? adapterNamed(format) : detectAdapter(input)).parse(input);
}

/** Runs a plan over every conversation of a parsed input; returns the rendered output (sharing unchanged objects) and the report. */
export function pruneParsed(parsed: ParsedHistory, plan: PrunePlan, resolve?: TrimResolver): { output: unknown; report: PruneReport } {
  const results: PipelineResult[] = parsed.conversations.map((c) => runPipeline(c, parsed.format, plan, resolve));
  const sum = (pick: (r: PipelineResult) => number): number => results.reduce((n, r) => n + pick(r), 0);
  const report: PruneReport = {
    format: parsed.format,
    container: parsed.container,
    strategies: plan.strategies,
    conversations: parsed.conversations.length,
    turns: parsed.conversations.reduce((n, c) => n + splitTurns(c.messages).turns.length, 0),
    messagesBefore: parsed.conversations.reduce((n, c) => n + c.messages.length, 0),
    messagesAfter: sum((r) => r.conversation.messages.length),
    removed: {
      toolCalls: sum((r) => r.removed.toolCalls),
      toolResults: sum((r) => r.removed.toolResults),
      thinking: sum((r) => r.removed.thinking),
      turns: sum((r) => r.removed.turns),
    },
    trimmed: results.flatMap((r) => r.trimmed),
    masked: results.flatMap((r) => r.masked),
    orphans: results.flatMap((r) => r.orphans),
  };
  return { output: parsed.render(results.map((r) => r.conversation)), report };
}

/** True when the plan replaces outputs with stored placeholders (`trim`, `mask`). */
export function storesOutputs(plan: PrunePlan): boolean {
  return plan.strategies.includes('trim') || plan.strategies.includes('mask');
}

/** Builds the trim/mask resolver for a sync store, or fails when they run without one. */
export function storeResolver(plan: PrunePlan, store: HistoryStore | undefined): TrimResolver | undefined {
  if (!storesOutputs(plan)) return undefined;
  if (!store) throw badOption(`the ${plan.strategies.includes('trim') ? 'trim' : 'mask'} strategy needs a store to save old outputs in (options.store)`);
  return previewResolver(store, plan.trim.previewChars);
}

/**
 * Prunes a conversation (a message list, a request body or a session log's parsed lines) with
 * the given strategies. Deterministic for a deterministic store. Throws `HistoryError`.
 */
export function pruneHistory<T>(input: T, options: PruneOptions = {}): PruneResult<T> {
  const plan = resolvePruneOptions(options);
  const resolve = storeResolver(plan, options.store);
  const { output, report } = pruneParsed(parseHistory(input, options.format), plan, resolve);
  return { messages: structuredClone(output) as T, report };
}

/** Runs the trim candidates through the reducer once each, in order. */
export async function reducePackets(
  parsed: ParsedHistory,
  plan: PrunePlan,
  reducer: HistoryReducer,
): Promise<Map<string, { id: string; packetText: string }>> {
  const candidates: TrimCandidate[] = [];
  pruneParsed(parsed, plan, (candidate) => {
    candidates.push(candidate);
    return undefined;
  });
  const packets = new Map<string, { id: string; packetText: string }>();
  for (const candidate of candidates) {
    const key = candidateKey(candidate);
    if (packets.has(key)) continue;
    packets.set(key, await reducer.reduce(candidate.output, { command: candidate.command, tool: candidate.tool, callId: candidate.callId }));
  }
  return packets;
}

/** Like `pruneHistory`, but `trim` and `mask` replace old outputs with the family reducer's packet. */
export async function pruneHistoryAsync<T>(input: T, options: PruneAsyncOptions): Promise<PruneResult<T>> {
  const plan = resolvePruneOptions(options);
  const parsed = parseHistory(input, options.format);
  const packets = storesOutputs(plan) ? await reducePackets(parsed, plan, options.reducer) : new Map();
  const { output, report } = pruneParsed(parsed, plan, packetResolver(packets, plan.trim.previewChars));
  return { messages: structuredClone(output) as T, report };
}
