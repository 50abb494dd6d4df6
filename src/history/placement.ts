/**
 * Where tool calls and results may stand, per API. Anthropic and Converse: results in the
 * user message right after the assistant message holding the calls (adjacent same-role
 * messages count as one, as Anthropic merges them and the Converse renderer does).
 * Chat: the tool messages right after the assistant message. Responses: the output after
 * its call, anywhere. A call still awaiting its result at the end of the conversation is
 * pending, not an orphan.
 */
import type { Block, HistoryFormat, Message, ToolCallBlock, ToolResultBlock } from './model.js';

/** The misplaced blocks of a conversation. */
export interface Placement {
  /** Results whose call is missing or not where the API looks for it (duplicates included). */
  readonly orphanResults: readonly ToolResultBlock[];
  /** Calls whose result is missing or not where the API looks for it (not counting pending calls). */
  readonly orphanCalls: readonly ToolCallBlock[];
  /** Calls that share an id with an earlier call. */
  readonly duplicateCalls: readonly ToolCallBlock[];
}

const calls = (blocks: readonly Block[]): ToolCallBlock[] => blocks.filter((b): b is ToolCallBlock => b.kind === 'tool_call');
const results = (blocks: readonly Block[]): ToolResultBlock[] => blocks.filter((b): b is ToolResultBlock => b.kind === 'tool_result');

/** Adjacent non-system messages of one role, as one API turn. */
interface Group {
  readonly role: Message['role'];
  readonly blocks: readonly Block[];
}

function groupByRole(messages: readonly Message[]): Group[] {
  const groups: Group[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const last = groups[groups.length - 1];
    if (last && last.role === message.role) groups[groups.length - 1] = { role: last.role, blocks: [...last.blocks, ...message.blocks] };
    else groups.push({ role: message.role, blocks: message.blocks });
  }
  return groups;
}

/**
 * Groups for Chat and Responses: the tool messages that follow a call are one group. Responses
 * items of one model response (reasoning, calls) are one assistant group; Chat assistant
 * messages stay apart, since the API wants the tool messages right after each.
 */
function groupByExchange(messages: readonly Message[], mergeAssistants: boolean): Group[] {
  const groups: Group[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    const role = message.role === 'tool' ? 'tool' : message.role;
    const last = groups[groups.length - 1];
    if (last && last.role === role && (role === 'tool' || (role === 'assistant' && mergeAssistants))) groups[groups.length - 1] = { role, blocks: [...last.blocks, ...message.blocks] };
    else groups.push({ role, blocks: message.blocks });
  }
  return groups;
}

function checkAdjacent(groups: readonly Group[], resultRole: Message['role']): Placement {
  const orphanResults: ToolResultBlock[] = [];
  const orphanCalls: ToolCallBlock[] = [];
  groups.forEach((group, k) => {
    if (group.role === 'assistant') {
      const next = groups[k + 1];
      if (!next) return; // the last message: its calls are pending
      const answered = new Set(next.role === resultRole ? results(next.blocks).map((r) => r.callId) : []);
      const onlyResultsFollow = next.role === resultRole && k + 2 === groups.length && resultRole === 'tool';
      for (const call of calls(group.blocks)) if (!answered.has(call.id) && !onlyResultsFollow) orphanCalls.push(call);
      return;
    }
    const previous = groups[k - 1];
    const asked = new Set(previous?.role === 'assistant' ? calls(previous.blocks).map((c) => c.id) : []);
    const seen = new Set<string>();
    for (const result of results(group.blocks)) {
      if (!asked.has(result.callId) || seen.has(result.callId) || group.role !== resultRole) orphanResults.push(result);
      seen.add(result.callId);
    }
  });
  return { orphanResults, orphanCalls, duplicateCalls: [] };
}

function checkOrdered(groups: readonly Group[]): Placement {
  const orphanResults: ToolResultBlock[] = [];
  const orphanCalls: ToolCallBlock[] = [];
  const asked = new Set<string>();
  const answered = new Set<string>();
  for (const group of groups) {
    for (const block of group.blocks) {
      if (block.kind === 'tool_call') asked.add(block.id);
      if (block.kind !== 'tool_result') continue;
      if (!asked.has(block.callId) || answered.has(block.callId) || group.role !== 'tool') orphanResults.push(block);
      answered.add(block.callId);
    }
  }
  // Calls in the final assistant run with only tool output after them are still running.
  const lastAssistant = groups.map((g) => g.role).lastIndexOf('assistant');
  const pendingFrom = groups.slice(lastAssistant + 1).every((g) => g.role === 'tool') ? lastAssistant : groups.length;
  groups.forEach((group, k) => {
    if (k >= pendingFrom) return;
    for (const call of calls(group.blocks)) if (!answered.has(call.id)) orphanCalls.push(call);
  });
  return { orphanResults, orphanCalls, duplicateCalls: [] };
}

function duplicateCalls(messages: readonly Message[]): ToolCallBlock[] {
  const seen = new Set<string>();
  const duplicates: ToolCallBlock[] = [];
  for (const message of messages) {
    for (const call of calls(message.blocks)) {
      if (seen.has(call.id)) duplicates.push(call);
      seen.add(call.id);
    }
  }
  return duplicates;
}

/** Finds calls and results the API would reject where they stand. */
export function checkPlacement(messages: readonly Message[], format: HistoryFormat): Placement {
  let placement: Placement;
  if (format === 'anthropic' || format === 'converse') placement = checkAdjacent(groupByRole(messages), 'user');
  else if (format === 'openai-chat') placement = checkAdjacent(groupByExchange(messages, false), 'tool');
  else placement = checkOrdered(groupByExchange(messages, true));
  return { ...placement, duplicateCalls: duplicateCalls(messages) };
}

export { groupByRole };
