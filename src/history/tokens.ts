/**
 * Token accounting with a real tokenizer: OpenAI's o200k_base (gpt-tokenizer, pure JS).
 * A message costs the tokens of its text, reasoning text, tool names and arguments and tool
 * output, plus a fixed overhead for the role and framing. Other models' tokenizers differ;
 * the ratios between before and after are what carry over.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { blockText, type Block, type Message } from './model.js';

/** The encoding named in every stats output. */
export const TOKENIZER = 'o200k_base';

/** Tokens added per message for the role and the message framing (as in OpenAI's chat format). */
export const MESSAGE_OVERHEAD = 3;

// Special-token text inside a transcript is ordinary text to the model's input.
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const cache = new WeakMap<Block, number>();

/** Counts the tokens of a text. */
export function countTextTokens(text: string): number {
  return text.length === 0 ? 0 : countTokens(text, AS_TEXT);
}

/** Counts a block's tokens, once per block object. */
export function blockTokens(block: Block): number {
  let tokens = cache.get(block);
  if (tokens === undefined) {
    tokens = countTextTokens(blockText(block));
    cache.set(block, tokens);
  }
  return tokens;
}

/** Counts a message's tokens. */
export function messageTokens(message: Message): number {
  let tokens = MESSAGE_OVERHEAD;
  for (const block of message.blocks) tokens += blockTokens(block);
  return tokens;
}

/** Counts the tokens of a list of messages. */
export function messagesTokens(messages: readonly Message[]): number {
  let tokens = 0;
  for (const message of messages) tokens += messageTokens(message);
  return tokens;
}
