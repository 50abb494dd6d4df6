/**
 * The contract every format adapter meets: recognise a raw input, read it into
 * normalized conversations, and render pruned conversations back in the same shape.
 */
import type { Conversation, HistoryFormat } from '../model.js';

/** A raw input read into the normalized model, holding what it needs to render output. */
export interface ParsedHistory {
  /** The message dialect. */
  readonly format: HistoryFormat;
  /** How the messages are wrapped: `messages` (a bare array), `request` (`{messages}`), `claude-code`, `codex`, ... */
  readonly container: string;
  /**
   * The model contexts in the input: usually one; a Codex rollout has one per compaction epoch,
   * an OpenHands file one per trajectory.
   */
  readonly conversations: readonly Conversation[];
  /**
   * Rebuilds the input's shape from pruned conversations (one per entry of `conversations`).
   * Unchanged parts may be the very objects of the input; the caller clones when it must.
   */
  render(conversations: readonly Conversation[]): unknown;
}

/** One supported shape of input. */
export interface FormatAdapter {
  /** The container name it reports, e.g. `claude-code`. */
  readonly name: string;
  readonly format: HistoryFormat;
  /**
   * How sure the adapter is that the input is its shape: 0 (not mine), 0.5 (compatible, no
   * distinguishing evidence, e.g. text-only messages), 1 (distinguishing evidence).
   */
  detect(input: unknown): number;
  /** Reads the input; throws a `HistoryError` (bad-input) naming the first malformed place. */
  parse(input: unknown): ParsedHistory;
}
