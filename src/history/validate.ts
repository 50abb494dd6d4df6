/**
 * The API-validity checker: the rules a conversation must keep to be accepted by its API.
 * Used on every prune result by the tests, and by `reduce history prune --check`.
 */
import type { Conversation, HistoryFormat, Message } from './model.js';
import { checkPlacement } from './placement.js';

/** One broken rule, at a message index of the conversation. */
export interface ValidityIssue {
  readonly rule: 'empty-message' | 'first-not-user' | 'misplaced-block' | 'orphan-result' | 'orphan-call' | 'duplicate-call' | 'not-alternating';
  readonly message: number;
  readonly detail: string;
}

function resultRole(format: HistoryFormat): Message['role'] {
  return format === 'anthropic' || format === 'converse' ? 'user' : 'tool';
}

function checkMessages(messages: readonly Message[], format: HistoryFormat): ValidityIssue[] {
  const issues: ValidityIssue[] = [];
  const expectedResultRole = resultRole(format);
  let previousRole: Message['role'] | undefined;
  messages.forEach((message, i) => {
    if (message.role === 'system') return;
    if (message.blocks.length === 0) issues.push({ rule: 'empty-message', message: i, detail: `${message.role} message has no content` });
    if (previousRole === undefined && message.role !== 'user' && (format === 'anthropic' || format === 'converse')) {
      issues.push({ rule: 'first-not-user', message: i, detail: `first message is ${message.role}` });
    }
    if (format === 'converse' && previousRole === message.role) {
      issues.push({ rule: 'not-alternating', message: i, detail: `two ${message.role} messages in a row` });
    }
    for (const block of message.blocks) {
      if (block.kind === 'tool_call' && message.role !== 'assistant') {
        issues.push({ rule: 'misplaced-block', message: i, detail: `tool call ${block.id} in a ${message.role} message` });
      }
      if (block.kind === 'tool_result' && message.role !== expectedResultRole) {
        issues.push({ rule: 'misplaced-block', message: i, detail: `tool result ${block.callId} in a ${message.role} message` });
      }
    }
    previousRole = message.role;
  });
  return issues;
}

/** Lists every rule the conversation breaks for `format`; empty means API-valid. */
export function findApiIssues(conversation: Conversation, format: HistoryFormat): ValidityIssue[] {
  const { messages } = conversation;
  const indexOf = new Map<unknown, number>();
  messages.forEach((m, i) => m.blocks.forEach((b) => indexOf.set(b, i)));
  const placement = checkPlacement(messages, format);
  return [
    ...checkMessages(messages, format),
    ...placement.orphanResults.map((b): ValidityIssue => ({ rule: 'orphan-result', message: indexOf.get(b) ?? -1, detail: `result for ${b.callId} has no matching call before it` })),
    ...placement.orphanCalls.map((b): ValidityIssue => ({ rule: 'orphan-call', message: indexOf.get(b) ?? -1, detail: `call ${b.id} (${b.name}) has no matching result after it` })),
    ...placement.duplicateCalls.map((b): ValidityIssue => ({ rule: 'duplicate-call', message: indexOf.get(b) ?? -1, detail: `call id ${b.id} used twice` })),
  ];
}
