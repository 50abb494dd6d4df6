/**
 * OpenAI Responses input items: `message` (or `{role, content}`), `reasoning`,
 * `function_call` / `function_call_output`, `custom_tool_call` / `custom_tool_call_output` and
 * any other `*_call` / `*_call_output` pair linked by `call_id`; bare or as `{instructions, input}`.
 * https://platform.openai.com/docs/api-reference/responses/create
 */
import { badInput } from '../errors.js';
import type { Block, Locator, Message, Role } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { flattenText, isObject, stringField, type JsonObject } from './json-shape.js';
import { containerName, objectAt, onlyConversation, rewrapList, scoreItems, systemMessage, unwrapList } from './message-array.js';

const KNOWN_TYPES = new Set([
  'message', 'reasoning', 'compaction', 'item_reference', 'web_search_call', 'file_search_call',
  'image_generation_call', 'code_interpreter_call', 'mcp_list_tools', 'mcp_approval_request', 'mcp_approval_response',
]);
const CALL = /_call$/;
const OUTPUT = /_call_output$/;
const TEXT_PARTS = new Set(['input_text', 'output_text', 'text', 'refusal', 'summary_text']);

function readRole(role: unknown, where: string): Role {
  if (role === 'system' || role === 'developer') return 'system';
  if (role === 'user' || role === 'assistant') return role;
  throw badInput(`${where}: unknown message role ${JSON.stringify(role)}`);
}

function readMessageContent(content: unknown, at: Locator, where: string): Block[] {
  if (typeof content === 'string') return [{ kind: 'text', at: [...at, 0], text: content }];
  if (!Array.isArray(content)) throw badInput(`${where}: message content must be a string or a list of parts`);
  return content.map((part, j): Block => {
    const partAt = [...at, j];
    const type = isObject(part) ? stringField(part, 'type') : undefined;
    if (isObject(part) && type && TEXT_PARTS.has(type)) return { kind: 'text', at: partAt, text: stringField(part, 'text') ?? stringField(part, 'refusal') ?? '' };
    return { kind: 'other', at: partAt, text: `[${type ?? 'part'}]` };
  });
}

function readSummary(summary: unknown): string {
  return Array.isArray(summary) ? flattenText(summary) : '';
}

/** Reads one Responses item into a normalized message at locator `at`. */
export function readResponsesItem(raw: JsonObject, at: Locator, where: string): Message {
  const type = stringField(raw, 'type') ?? (raw['role'] !== undefined ? 'message' : undefined);
  const one = [...at, 0];
  if (type === 'message') {
    return { role: readRole(raw['role'], where), at, blocks: readMessageContent(raw['content'], at, where) };
  }
  if (type === 'reasoning') return { role: 'assistant', at, blocks: [{ kind: 'thinking', at: one, text: readSummary(raw['summary']) }] };
  const callId = stringField(raw, 'call_id');
  if (type !== undefined && OUTPUT.test(type) && callId !== undefined) {
    return { role: 'tool', at, blocks: [{ kind: 'tool_result', at: one, callId, output: flattenText(raw['output']) }] };
  }
  if (type !== undefined && CALL.test(type) && callId !== undefined) {
    const input = raw['arguments'] ?? raw['input'] ?? raw['action'] ?? {};
    return { role: 'assistant', at, blocks: [{ kind: 'tool_call', at: one, id: callId, name: stringField(raw, 'name') ?? type, input: typeof input === 'string' ? input : JSON.stringify(input) }] };
  }
  if (type === undefined) throw badInput(`${where}: item without a type or role`);
  return { role: 'assistant', at, blocks: [{ kind: 'other', at: one, text: type === 'compaction' ? '[compaction]' : JSON.stringify(raw) }] };
}

/** Renders a kept Responses item: drops pruned content parts, applies a trim replacement. */
export function renderResponsesItem(raw: JsonObject, message: Message): JsonObject {
  const first = message.blocks[0];
  if (first?.kind === 'tool_result') return first.replacement === undefined ? raw : { ...raw, output: first.replacement };
  const content = raw['content'];
  if (Array.isArray(content) && message.blocks.length !== content.length) {
    return { ...raw, content: message.blocks.map((b) => content[b.at[b.at.length - 1] ?? 0]) };
  }
  return raw;
}

function classify(item: unknown): number {
  if (!isObject(item)) return 0;
  const type = stringField(item, 'type');
  if (type === undefined) {
    const role = item['role'];
    if (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'developer') return 0;
    const content = item['content'];
    if (typeof content === 'string') return 0.5;
    if (!Array.isArray(content)) return 0;
    return content.every((p) => isObject(p) && TEXT_PARTS.has(stringField(p, 'type') ?? '') && p['type'] !== 'text') ? 1 : 0;
  }
  if (type === 'message') return Array.isArray(item['content']) || typeof item['content'] === 'string' ? 1 : 0;
  if (KNOWN_TYPES.has(type)) return 1;
  return (CALL.test(type) || OUTPUT.test(type)) && typeof item['call_id'] === 'string' ? 1 : 0;
}

export const openaiResponsesAdapter: FormatAdapter = {
  name: 'openai-responses',
  format: 'openai-responses',
  detect(input) {
    const unwrapped = unwrapList(input, ['input']);
    return unwrapped ? scoreItems(unwrapped.items, classify) : 0;
  },
  parse(input): ParsedHistory {
    const unwrapped = unwrapList(input, ['input']);
    if (!unwrapped) throw badInput('openai-responses: expected a list of items or {input: [...]}');
    const messages: Message[] = [];
    const instructions = unwrapped.wrapper?.['instructions'];
    const system = typeof instructions === 'string' ? systemMessage(instructions) : undefined;
    if (system) messages.push(system);
    unwrapped.items.forEach((_, i) => messages.push(readResponsesItem(objectAt(unwrapped.items, i, 'item'), [i], `item ${i}`)));
    return {
      format: 'openai-responses',
      container: containerName(unwrapped),
      conversations: [{ messages }],
      render(conversations) {
        const out = onlyConversation(conversations)
          .messages.filter((m) => (m.at[0] ?? -1) >= 0)
          .map((m) => renderResponsesItem(objectAt(unwrapped.items, m.at[0] ?? 0, 'item'), m));
        return rewrapList(unwrapped, out);
      },
    };
  },
};
