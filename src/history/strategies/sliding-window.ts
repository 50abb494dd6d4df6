/**
 * `sliding_window`: keeps the last `keepTurns` turns whole and drops older turns whole.
 * System messages and the preamble (what precedes the first prompt) are always kept.
 */
import type { Conversation } from '../model.js';
import { splitTurns } from '../turns.js';

/** Drops whole oldest turns beyond `keepTurns`; returns how many turns went. */
export function keepRecentTurns(conversation: Conversation, keepTurns: number): { conversation: Conversation; droppedTurns: number } {
  const { turns } = splitTurns(conversation.messages);
  const droppedTurns = Math.max(0, turns.length - keepTurns);
  const firstKept = turns[droppedTurns];
  const firstTurn = turns[0];
  if (droppedTurns === 0 || !firstKept || !firstTurn) return { conversation, droppedTurns: 0 };
  const messages = conversation.messages.filter(
    (message, i) => i < firstTurn.start || i >= firstKept.start || message.role === 'system',
  );
  return { conversation: { messages }, droppedTurns };
}
