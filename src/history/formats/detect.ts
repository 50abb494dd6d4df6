/**
 * Picks the adapter for an input: the highest detection score wins; a tie between
 * plain-message dialects (text-only conversations read the same in each) goes to the
 * earlier adapter in this list. No score above zero is an error, never a pass-through.
 */
import { HistoryError } from '../errors.js';
import type { FormatAdapter } from './types.js';
import { describeShape } from './json-shape.js';
import { claudeCodeAdapter } from './claude-code.js';
import { codexAdapter } from './codex.js';
import { openhandsAdapter } from './openhands.js';
import { anthropicAdapter } from './anthropic.js';
import { openaiChatAdapter } from './openai-chat.js';
import { openaiResponsesAdapter } from './openai-responses.js';
import { converseAdapter } from './converse.js';

/** Every adapter, log containers first, then the message dialects. */
export const FORMAT_ADAPTERS: readonly FormatAdapter[] = [
  claudeCodeAdapter,
  codexAdapter,
  openhandsAdapter,
  anthropicAdapter,
  openaiChatAdapter,
  openaiResponsesAdapter,
  converseAdapter,
];

/** The names accepted by `--format`. */
export const FORMAT_NAMES: readonly string[] = FORMAT_ADAPTERS.map((a) => a.name);

/** Returns the adapter named `name`, or throws a usage error listing the valid names. */
export function adapterNamed(name: string): FormatAdapter {
  const adapter = FORMAT_ADAPTERS.find((a) => a.name === name);
  if (!adapter) throw new HistoryError('bad-option', `unknown format "${name}" (expected one of: ${FORMAT_NAMES.join(', ')})`);
  return adapter;
}

/** Detects the input's format; throws `unknown-format` (exit 2) when nothing recognises it. */
export function detectAdapter(input: unknown): FormatAdapter {
  let best: FormatAdapter | undefined;
  let bestScore = 0;
  for (const adapter of FORMAT_ADAPTERS) {
    const score = adapter.detect(input);
    if (score > bestScore) {
      best = adapter;
      bestScore = score;
    }
  }
  if (!best) {
    throw new HistoryError(
      'unknown-format',
      `unrecognized conversation shape (${describeShape(input)}); expected Anthropic, OpenAI Chat, OpenAI Responses or Converse messages, or a Claude Code, Codex or OpenHands log`,
    );
  }
  return best;
}
