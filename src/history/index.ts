/**
 * Conversation-history pruning: the public library API.
 *
 * - `pruneHistory(input, options)`: prune a conversation in its own format (sync; `trim` and `mask` need `store`).
 * - `pruneHistoryAsync(input, {reducer})`: the same, with old outputs reduced to packets.
 * - `createHistoryTrimmer(options)`: a before-model-call filter object.
 * - `computeStats(parseHistory(input), resolvePruneOptions(options))`: token accounting.
 * - `FORMAT_ADAPTERS`, `detectAdapter`, `findApiIssues`: the format adapters and the validity checker.
 */
export { pruneHistory, pruneHistoryAsync, parseHistory, pruneParsed } from './prune.js';
export type { PruneOptions, PruneAsyncOptions, PruneReport, PruneResult } from './prune.js';
export { createHistoryTrimmer } from './trimmer.js';
export type { HistoryTrimmer } from './trimmer.js';
export { resolvePruneOptions, parseStrategies, parseMaskRules, STRATEGY_NAMES, TRIM_DEFAULTS, MASK_DEFAULTS } from './options.js';
export type { StrategyName, StrategyOptions, PrunePlan } from './options.js';
export { dryRunStore, memoizeStore } from './store.js';
export type { ArtifactMeta, HistoryStore, HistoryReducer } from './store.js';
export { computeStats, callStarts, DEFAULT_CACHE_READ_PRICE } from './stats.js';
export type { HistoryStats, CallStats, TurnStats, CacheTotals, StatsOptions } from './stats.js';
export { renderStats } from './stats-render.js';
export { findApiIssues } from './validate.js';
export type { ValidityIssue } from './validate.js';
export { splitTurns, isPrompt, HARNESS_MARKERS } from './turns.js';
export type { Turn, TurnSplit } from './turns.js';
export type { Orphan } from './repair.js';
export { TOKENIZER, countTextTokens, messagesTokens } from './tokens.js';
export { FORMAT_ADAPTERS, FORMAT_NAMES, detectAdapter, adapterNamed } from './formats/detect.js';
export type { FormatAdapter, ParsedHistory } from './formats/types.js';
export { anthropicAdapter } from './formats/anthropic.js';
export { openaiChatAdapter } from './formats/openai-chat.js';
export { openaiResponsesAdapter } from './formats/openai-responses.js';
export { converseAdapter } from './formats/converse.js';
export { claudeCodeAdapter } from './formats/claude-code.js';
export { codexAdapter } from './formats/codex.js';
export { openhandsAdapter } from './formats/openhands.js';
export { readHistoryDocument, writeHistoryDocument } from './document.js';
export type { HistoryDocument } from './document.js';
export { HistoryError, EXIT_USAGE, EXIT_FAILURE } from './errors.js';
export type { HistoryErrorCode } from './errors.js';
export type { Block, Conversation, HistoryFormat, Message, Role } from './model.js';
export type { TrimOptions, TrimCandidate } from './strategies/trim.js';
export type { MaskOptions, MaskRule } from './strategies/mask.js';
export { MASK_RULES, maskedCount } from './strategies/mask.js';
export type { ReplaceReason } from './strategies/trim-text.js';
