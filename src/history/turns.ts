/**
 * Turn splitting. A turn starts at a user message carrying the user's own text: not tool
 * results (Anthropic and Converse put those in user messages), not text a harness injected.
 * Messages before the first prompt form the preamble; the last turn is the current one.
 */
import type { Message } from './model.js';

/**
 * Prefixes of user-role text that harnesses inject (Claude Code, Codex, compaction summaries).
 * Such a message continues the current turn instead of starting a new one.
 */
export const HARNESS_MARKERS: readonly string[] = [
  '<environment_context>',
  '<user_instructions>',
  '<turn_aborted>',
  '<system-reminder>',
  '<task-notification>',
  '<command-name>',
  '<command-message>',
  '<local-command-',
  '[Request interrupted by user',
  'This session is being continued from a previous conversation',
];

/** A half-open range of message indices: `[start, end)`. */
export interface Turn {
  readonly start: number;
  readonly end: number;
}

/** The preamble (`[0, preambleEnd)`) and the turns, oldest first. */
export interface TurnSplit {
  readonly preambleEnd: number;
  readonly turns: readonly Turn[];
}

/** True when the message is a user prompt that starts a turn. */
export function isPrompt(message: Message): boolean {
  if (message.role !== 'user' || message.injected) return false;
  let text = '';
  for (const block of message.blocks) {
    if (block.kind === 'tool_result') return false;
    if (block.kind === 'text') text += block.text;
  }
  const trimmed = text.trimStart();
  return trimmed.length > 0 && !HARNESS_MARKERS.some((marker) => trimmed.startsWith(marker));
}

/** Splits messages into preamble and turns. */
export function splitTurns(messages: readonly Message[]): TurnSplit {
  const starts: number[] = [];
  messages.forEach((message, i) => {
    if (isPrompt(message)) starts.push(i);
  });
  const turns = starts.map((start, k) => ({ start, end: starts[k + 1] ?? messages.length }));
  return { preambleEnd: starts[0] ?? messages.length, turns };
}

/** Returns, for each message index, its turn number (0 for the preamble, 1 for the first turn). */
export function turnNumbers(messages: readonly Message[]): number[] {
  const numbers: number[] = [];
  let turn = 0;
  for (const message of messages) {
    if (isPrompt(message)) turn++;
    numbers.push(turn);
  }
  return numbers;
}
