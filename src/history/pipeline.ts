/**
 * Runs the strategies over one conversation in the order asked: orphans are removed first
 * (and once more at the end, in case a strategy brought two misplaced blocks together),
 * then each strategy. Pure: the only effects are the resolver's.
 */
import type { Conversation, HistoryFormat } from './model.js';
import type { PrunePlan, StrategyName } from './options.js';
import { dropOrphans, type Orphan } from './repair.js';
import { pruneToolTraffic, type ToolPruningCounts } from './strategies/tool-pruning.js';
import { keepRecentTurns } from './strategies/sliding-window.js';
import { trimOldOutputs, type TrimResolver, type TrimmedOutput } from './strategies/trim.js';
import { maskOldOutputs } from './strategies/mask.js';

/** What one pipeline run did. */
export interface PipelineResult {
  readonly conversation: Conversation;
  readonly removed: ToolPruningCounts & { turns: number };
  readonly trimmed: readonly TrimmedOutput[];
  readonly masked: readonly TrimmedOutput[];
  readonly orphans: readonly Orphan[];
}

/** Called after each strategy with the conversation so far (used by `stats`). */
export type StageObserver = (strategy: StrategyName, conversation: Conversation) => void;

/** Resolver used when `trim` or `mask` runs without one: a programming error, not a user error. */
const noResolver: TrimResolver = () => {
  throw new Error('trim and mask need a resolver');
};

/** Runs `plan` over `conversation`. */
export function runPipeline(
  conversation: Conversation,
  format: HistoryFormat,
  plan: PrunePlan,
  resolve: TrimResolver = noResolver,
  observe?: StageObserver,
): PipelineResult {
  const repaired = dropOrphans(conversation, format);
  let current = repaired.conversation;
  const removed = { toolCalls: 0, toolResults: 0, thinking: 0, turns: 0 };
  const trimmed: TrimmedOutput[] = [];
  const masked: TrimmedOutput[] = [];
  for (const strategy of plan.strategies) {
    if (strategy === 'tool_pruning') {
      const result = pruneToolTraffic(current);
      current = result.conversation;
      removed.toolCalls += result.counts.toolCalls;
      removed.toolResults += result.counts.toolResults;
      removed.thinking += result.counts.thinking;
    } else if (strategy === 'sliding_window') {
      const result = keepRecentTurns(current, plan.keepTurns);
      current = result.conversation;
      removed.turns += result.droppedTurns;
    } else if (strategy === 'mask') {
      const result = maskOldOutputs(current, plan.mask, plan.trim.maxOutputChars, resolve);
      current = result.conversation;
      masked.push(...result.masked);
    } else {
      const result = trimOldOutputs(current, plan.trim, resolve);
      current = result.conversation;
      trimmed.push(...result.trimmed);
    }
    observe?.(strategy, current);
  }
  const final = dropOrphans(current, format);
  return { conversation: final.conversation, removed, trimmed, masked, orphans: [...repaired.orphans, ...final.orphans] };
}
