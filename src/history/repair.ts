/**
 * Orphan handling: real logs hold tool results whose call is missing and calls that never got
 * a result. The API rejects both, so every prune removes them (keeping any text of the same
 * message) and reports each one. Runs until nothing is misplaced, since removing an emptied
 * message can bring two others together.
 */
import type { Block, Conversation, HistoryFormat, Locator, Message } from './model.js';
import { checkPlacement } from './placement.js';

/** A removed orphan: which kind, its tool call id and where it was in the input. */
export interface Orphan {
  readonly kind: 'result' | 'call';
  readonly id: string;
  readonly at: Locator;
}

/** Removes blocks in `drop`, and the messages this empties. */
export function withoutBlocks(messages: readonly Message[], drop: ReadonlySet<Block>): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (!message.blocks.some((b) => drop.has(b))) {
      out.push(message);
      continue;
    }
    const blocks = message.blocks.filter((b) => !drop.has(b));
    if (blocks.some((b) => b.kind !== 'text' || b.text.trim() !== '')) out.push({ ...message, blocks });
  }
  return out;
}

/** Removes orphan calls and results; returns the repaired conversation and what was removed. */
export function dropOrphans(conversation: Conversation, format: HistoryFormat): { conversation: Conversation; orphans: Orphan[] } {
  let messages = conversation.messages;
  const orphans: Orphan[] = [];
  for (;;) {
    const placement = checkPlacement(messages, format);
    const bad = [...placement.orphanResults, ...placement.orphanCalls, ...placement.duplicateCalls];
    if (bad.length === 0) break;
    for (const block of bad) {
      orphans.push(block.kind === 'tool_result' ? { kind: 'result', id: block.callId, at: block.at } : { kind: 'call', id: block.id, at: block.at });
    }
    messages = withoutBlocks(messages, new Set<Block>(bad));
  }
  return { conversation: orphans.length === 0 ? conversation : { messages }, orphans };
}
