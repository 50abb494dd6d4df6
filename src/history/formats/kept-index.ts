/** Indexes the blocks and messages that survived pruning by locator, for line-walking renderers. */
import { locatorKey, type Block, type Conversation, type Message } from '../model.js';

export interface KeptIndex {
  block(at: readonly number[]): Block | undefined;
  message(at: readonly number[]): Message | undefined;
}

/** Builds lookups from locator keys to the kept blocks and messages of all conversations. */
export function indexKept(conversations: readonly Conversation[]): KeptIndex {
  const blocks = new Map<string, Block>();
  const messages = new Map<string, Message>();
  for (const conversation of conversations) {
    for (const message of conversation.messages) {
      messages.set(locatorKey(message.at), message);
      for (const block of message.blocks) blocks.set(locatorKey(block.at), block);
    }
  }
  return {
    block: (at) => blocks.get(locatorKey(at)),
    message: (at) => messages.get(locatorKey(at)),
  };
}
