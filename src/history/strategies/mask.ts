/**
 * `mask`: within a turn as across turns, tool outputs older than the last `keep` results are
 * replaced by the trim placeholder (artifact id + first line), so an agent working through
 * 20-100 model calls in one user turn stops re-sending every old output.
 *
 * Prompt caches bill a prompt by its longest unchanged prefix, so the boundary moves in
 * blocks: with R results, the oldest `floor((R - keep) / every) * every` are masked. Between
 * two moves nothing already sent changes and every call's prompt is the previous one plus new
 * messages. The redundancy rules (dedupe, supersede, errors) decide at the same moves, from
 * the results the move saw (the first `masked + keep`), so they break the cache only when the
 * mask does, and they change only results past the previous boundary, where the move rewrites
 * the prompt anyway. Content is replaced, never removed: every call keeps its result.
 */
import type { Conversation, ToolCallBlock, ToolResultBlock } from '../model.js';
import { messagesTokens } from '../tokens.js';
import { callKey, fileTargets, firstErrorLine, nameMatches, outcome } from './tool-intent.js';
import { describeCall, type TrimResolver, type TrimmedOutput } from './trim.js';
import { TRIM_MARKER, type ReplaceReason } from './trim-text.js';

/** The redundancy rules that run at mask moves. */
export type MaskRule = 'dedupe' | 'supersede' | 'errors';
export const MASK_RULES: readonly MaskRule[] = ['dedupe', 'supersede', 'errors'];

/** Parameters of `mask` (validated by `resolvePruneOptions`). */
export interface MaskOptions {
  /** Most recent tool results always kept raw (>= 1). Default 5. */
  readonly keep: number;
  /** The boundary moves by this many results at a time (>= 1). Default 10. */
  readonly every: number;
  /** Mask only once the conversation is above this many input tokens; 0 masks always. Default 100,000. */
  readonly trigger: number;
  /** Tools never masked: a tool name or a word of one (`todo` covers `TodoWrite`). */
  readonly protect: readonly string[];
  /** Redundancy rules applied at mask moves. Default all three. */
  readonly rules: readonly MaskRule[];
  /** `supersede`: a later edit of a file also supersedes earlier reads of it (opt-in). */
  readonly supersedeByEdits: boolean;
}

interface Entry {
  readonly result: ToolResultBlock;
  readonly call: ToolCallBlock | undefined;
  /** Position among all tool results of the conversation, oldest first. */
  readonly index: number;
}

/** How many of `results` tool results the mask covers: whole blocks of `every`, `keep` left raw. */
export function maskedCount(results: number, keep: number, every: number): number {
  return Math.floor(Math.max(0, results - keep) / every) * every;
}

function isRaw(result: ToolResultBlock): boolean {
  return result.replacement === undefined && !result.output.startsWith(TRIM_MARKER);
}

/** Older copies of a repeated call whose output did not change: all but the newest. */
function duplicates(entries: readonly Entry[], reasons: Map<ToolResultBlock, ReplaceReason>): void {
  const newest = new Map<string, Entry>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (!entry.call || !isRaw(entry.result)) continue;
    const key = `${callKey(entry.call)}\0${entry.result.output}`;
    const later = newest.get(key);
    if (later) reasons.set(entry.result, { kind: 'dedupe', by: later.call!.id });
    else newest.set(key, entry);
  }
}

/** Reads of a file that a later read of the same part (or the whole file), or opted-in edit, made stale. */
function superseded(entries: readonly Entry[], byEdits: boolean, reasons: Map<ToolResultBlock, ReplaceReason>): void {
  // Walking backwards: for each path, the nearest later whole read, reads by range, and edit.
  const later = new Map<string, { whole?: string; ranges: Map<string, string>; edit?: string }>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const { result, call } = entries[i]!;
    if (!call) continue;
    const targets = fileTargets(call);
    // Only a raw success is evidence: a placeholder's text says nothing, so pruning again finds no new evidence.
    const ok = outcome(result) === 'ok';
    for (const target of targets) {
      const seen = later.get(target.path);
      if (target.action === 'read' && isRaw(result) && !reasons.has(result) && seen) {
        const byRead = seen.whole ?? (target.range !== undefined ? seen.ranges.get(target.range) : undefined);
        const by = byRead ?? (byEdits ? seen.edit : undefined);
        if (by !== undefined) reasons.set(result, { kind: 'supersede', by, path: target.path, edit: byRead === undefined });
      }
    }
    if (!ok) continue;
    for (const target of targets) {
      const seen = later.get(target.path) ?? { ranges: new Map<string, string>() };
      if (target.action === 'edit') seen.edit = call.id;
      else if (target.range === undefined) seen.whole = call.id;
      else seen.ranges.set(target.range, call.id);
      later.set(target.path, seen);
    }
  }
}

/** Failed calls of a tool that later succeeded. */
function mootErrors(entries: readonly Entry[], reasons: Map<ToolResultBlock, ReplaceReason>): void {
  const succeeded = new Set<string>();
  for (let i = entries.length - 1; i >= 0; i--) {
    const { result, call } = entries[i]!;
    if (!call) continue;
    const state = outcome(result);
    if (state === 'ok') succeeded.add(call.name);
    else if (state === 'error' && succeeded.has(call.name) && !reasons.has(result)) reasons.set(result, { kind: 'error', line: firstErrorLine(result.output) });
  }
}

/** Masks old tool outputs; returns the new conversation and what was replaced. */
export function maskOldOutputs(
  conversation: Conversation,
  options: MaskOptions,
  maxOutputChars: number,
  resolve: TrimResolver,
): { conversation: Conversation; masked: TrimmedOutput[] } {
  const unchanged = { conversation, masked: [] };
  if (options.trigger > 0 && messagesTokens(conversation.messages) <= options.trigger) return unchanged;
  const calls = new Map<string, ToolCallBlock>();
  const results: ToolResultBlock[] = [];
  for (const message of conversation.messages) {
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' && !calls.has(block.id)) calls.set(block.id, block);
      else if (block.kind === 'tool_result') results.push(block);
    }
  }
  const masked = maskedCount(results.length, options.keep, options.every);
  if (masked === 0) return unchanged;
  // Protected tools never change.
  const open = results
    .map((result, index): Entry => ({ result, call: calls.get(result.callId), index }))
    .filter((e) => !(e.call && nameMatches(e.call.name, options.protect)));
  // Each move (boundary b) saw the results up to `keep` past b and may change those past the
  // previous boundary, where that move rewrote the prompt anyway. Replaying every move keeps
  // what earlier moves decided, so nothing before the previous boundary ever changes again.
  const reasons = new Map<ToolResultBlock, ReplaceReason[]>();
  for (let boundary = options.every; boundary <= masked; boundary += options.every) {
    const seen = open.filter((e) => e.index < boundary + options.keep);
    const found = new Map<ToolResultBlock, ReplaceReason>();
    if (options.rules.includes('dedupe')) duplicates(seen, found);
    if (options.rules.includes('supersede')) superseded(seen, options.supersedeByEdits, found);
    if (options.rules.includes('errors')) mootErrors(seen, found);
    for (const { result, index } of seen) {
      const reason = found.get(result);
      if (reason && index >= boundary - options.every) reasons.set(result, [...(reasons.get(result) ?? []), reason]);
    }
  }
  const replaced = new Map<ToolResultBlock, ToolResultBlock>();
  const done: TrimmedOutput[] = [];
  for (const { result, call, index } of open) {
    if (!isRaw(result)) continue;
    // Every reason found for it and, for an old long output, the plain mask: the shortest text wins.
    const tries = [...(reasons.get(result) ?? []), ...(index < masked && result.output.length > maxOutputChars ? [{ kind: 'mask' } as const] : [])];
    const tool = call?.name || 'tool';
    let best: string | undefined;
    for (const reason of tries) {
      const replacement = resolve({ callId: result.callId, tool, command: describeCall(call), output: result.output, reason });
      if (replacement !== undefined && replacement.length < (best ?? result.output).length) best = replacement;
    }
    if (best === undefined) continue;
    replaced.set(result, { ...result, replacement: best });
    done.push({ callId: result.callId, tool, chars: result.output.length, replacementChars: best.length });
  }
  if (replaced.size === 0) return unchanged;
  const messages = conversation.messages.map((message) => {
    if (!message.blocks.some((b) => b.kind === 'tool_result' && replaced.has(b))) return message;
    return { ...message, blocks: message.blocks.map((b) => (b.kind === 'tool_result' ? replaced.get(b) ?? b : b)) };
  });
  return { conversation: { messages }, masked: done };
}
