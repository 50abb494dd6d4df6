/**
 * `tool_pruning`: every prior turn keeps its user message and the model's text (its final
 * answer, and any text that stood beside tool calls), and loses its tool calls, tool results
 * and thinking. The current turn and the preamble keep everything; one turn means no change.
 */
import type { Block, Conversation } from '../model.js';
import { withoutBlocks } from '../repair.js';
import { splitTurns } from '../turns.js';

/** Counts of what `tool_pruning` removed. */
export interface ToolPruningCounts {
  toolCalls: number;
  toolResults: number;
  thinking: number;
}

const PRUNED_KINDS = new Set<Block['kind']>(['tool_call', 'tool_result', 'thinking']);

/** Removes prior turns' tool traffic and thinking. */
export function pruneToolTraffic(conversation: Conversation): { conversation: Conversation; counts: ToolPruningCounts } {
  const counts: ToolPruningCounts = { toolCalls: 0, toolResults: 0, thinking: 0 };
  const { turns } = splitTurns(conversation.messages);
  const current = turns[turns.length - 1];
  if (!current || turns.length < 2) return { conversation, counts };
  const drop = new Set<Block>();
  conversation.messages.forEach((message, i) => {
    if (i < (turns[0]?.start ?? 0) || i >= current.start || message.role === 'system') return;
    for (const block of message.blocks) {
      if (!PRUNED_KINDS.has(block.kind)) continue;
      drop.add(block);
      if (block.kind === 'tool_call') counts.toolCalls++;
      else if (block.kind === 'tool_result') counts.toolResults++;
      else counts.thinking++;
    }
  });
  if (drop.size === 0) return { conversation, counts };
  return { conversation: { messages: withoutBlocks(conversation.messages, drop) }, counts };
}
