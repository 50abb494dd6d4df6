/**
 * `trim`: tool outputs older than the last `recentTurns` turns and longer than
 * `maxOutputChars` are replaced by shorter text that names a stored artifact. What the
 * replacement is (a preview, a packet) and where the output goes is the resolver's business;
 * this file only picks the candidates and applies replacements that are shorter.
 */
import type { Conversation, Message, ToolCallBlock, ToolResultBlock } from '../model.js';
import { splitTurns } from '../turns.js';
import { TRIM_MARKER, type ReplaceReason } from './trim-text.js';

/** Parameters of `trim` (validated by `resolvePruneOptions`). */
export interface TrimOptions {
  /** Turns at the end whose outputs are never trimmed (>= 1). Default 2. */
  readonly recentTurns: number;
  /** Outputs longer than this many characters are trimmed. Default 500. */
  readonly maxOutputChars: number;
  /** How many characters of the output the preview keeps. Default 200. */
  readonly previewChars: number;
  /** Tool names whose outputs may be trimmed; undefined means all. */
  readonly trimmableTools?: readonly string[];
}

/** An output chosen for trimming, with what the store needs to label it. */
export interface TrimCandidate {
  readonly callId: string;
  /** The tool's name, or `tool` when the call is missing. */
  readonly tool: string;
  /** The command that produced the output, as well as it can be told (`npm test`, or `Read {"file_path":...}`). */
  readonly command: string;
  readonly output: string;
  /** Why it is replaced (default `trim`); the resolver words the replacement after it. */
  readonly reason?: ReplaceReason;
}

/** Turns a candidate into its replacement text, or undefined to leave it as it is. */
export type TrimResolver = (candidate: TrimCandidate) => string | undefined;

/** One applied trim. */
export interface TrimmedOutput {
  readonly callId: string;
  readonly tool: string;
  readonly chars: number;
  readonly replacementChars: number;
}

/** Describes the call that produced an output: its shell command when it has one. */
export function describeCall(call: ToolCallBlock | undefined): string {
  if (!call) return 'tool';
  try {
    const input: unknown = JSON.parse(call.input);
    if (typeof input === 'object' && input !== null) {
      const command = (input as Record<string, unknown>)['command'] ?? (input as Record<string, unknown>)['cmd'];
      if (typeof command === 'string') return command;
      if (Array.isArray(command) && command.every((part) => typeof part === 'string')) return command.join(' ');
    }
  } catch {
    // freeform input (apply_patch and the like): described by name and text below
  }
  const text = `${call.name} ${call.input}`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Index of the first message inside the last `recentTurns` turns; everything before it is old. */
function oldBoundary(messages: readonly Message[], recentTurns: number): number {
  const { turns } = splitTurns(messages);
  if (turns.length === 0) return 0;
  return turns[Math.max(0, turns.length - recentTurns)]?.start ?? 0;
}

/** Replaces old long tool outputs through `resolve`; returns the new conversation and what was trimmed. */
export function trimOldOutputs(
  conversation: Conversation,
  options: TrimOptions,
  resolve: TrimResolver,
): { conversation: Conversation; trimmed: TrimmedOutput[] } {
  const boundary = oldBoundary(conversation.messages, options.recentTurns);
  const calls = new Map<string, ToolCallBlock>();
  for (const message of conversation.messages) {
    for (const block of message.blocks) if (block.kind === 'tool_call' && !calls.has(block.id)) calls.set(block.id, block);
  }
  const allowed = options.trimmableTools ? new Set(options.trimmableTools) : undefined;
  const trimmed: TrimmedOutput[] = [];
  const trimBlock = (block: ToolResultBlock): ToolResultBlock => {
    if (block.replacement !== undefined || block.output.length <= options.maxOutputChars || block.output.startsWith(TRIM_MARKER)) return block;
    const call = calls.get(block.callId);
    if (allowed && (!call || !allowed.has(call.name))) return block;
    const tool = call?.name || 'tool';
    const replacement = resolve({ callId: block.callId, tool, command: describeCall(call), output: block.output });
    if (replacement === undefined || replacement.length >= block.output.length) return block;
    trimmed.push({ callId: block.callId, tool, chars: block.output.length, replacementChars: replacement.length });
    return { ...block, replacement };
  };
  const messages = conversation.messages.map((message, i) => {
    if (i >= boundary || !message.blocks.some((b) => b.kind === 'tool_result')) return message;
    const blocks = message.blocks.map((b) => (b.kind === 'tool_result' ? trimBlock(b) : b));
    return blocks.every((b, k) => b === message.blocks[k]) ? message : { ...message, blocks };
  });
  return { conversation: trimmed.length === 0 ? conversation : { messages }, trimmed };
}
