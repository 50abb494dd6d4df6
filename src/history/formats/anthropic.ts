/**
 * Anthropic Messages: `[{role: 'user'|'assistant', content: string | Block[]}]`, bare or as a
 * request body `{system, messages}`. Blocks: text, thinking, redacted_thinking, tool_use,
 * tool_result (inside user messages), image/document and server-tool blocks (kept as they are).
 * https://docs.anthropic.com/en/api/messages
 */
import { badInput } from '../errors.js';
import type { Block, Locator, Message } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { flattenText, isObject, stringField, type JsonObject } from './json-shape.js';
import {
  containerName,
  objectAt,
  onlyConversation,
  renderContentMessage,
  rewrapList,
  scoreItems,
  systemMessage,
  unwrapList,
  type ContentRenderer,
} from './message-array.js';

const EVIDENCE_TYPES = new Set(['tool_use', 'tool_result', 'thinking', 'redacted_thinking']);

/** Reads one Anthropic content block. */
export function readAnthropicBlock(raw: unknown, at: Locator, where: string): Block {
  if (!isObject(raw)) throw badInput(`${where}: content block is not an object`);
  const type = stringField(raw, 'type');
  switch (type) {
    case 'text':
      return { kind: 'text', at, text: stringField(raw, 'text') ?? '' };
    case 'thinking':
      return { kind: 'thinking', at, text: stringField(raw, 'thinking') ?? '' };
    case 'redacted_thinking':
      return { kind: 'thinking', at, text: '' };
    case 'tool_use': {
      const id = stringField(raw, 'id');
      if (id === undefined) throw badInput(`${where}: tool_use block without an id`);
      return { kind: 'tool_call', at, id, name: stringField(raw, 'name') ?? '', input: JSON.stringify(raw['input'] ?? {}) };
    }
    case 'tool_result': {
      const callId = stringField(raw, 'tool_use_id');
      if (callId === undefined) throw badInput(`${where}: tool_result block without a tool_use_id`);
      return { kind: 'tool_result', at, callId, output: flattenText(raw['content']), ...(raw['is_error'] === true ? { isError: true } : {}) };
    }
    case undefined:
      throw badInput(`${where}: content block without a type`);
    default:
      return { kind: 'other', at, text: type === 'image' || type === 'document' ? `[${type}]` : JSON.stringify(raw) };
  }
}

/** Reads an Anthropic message's content (string or block list) into blocks. */
export function readAnthropicContent(content: unknown, at: Locator, where: string): Block[] {
  if (typeof content === 'string') return [{ kind: 'text', at: [...at, 0], text: content }];
  if (!Array.isArray(content)) throw badInput(`${where}: content must be a string or a list of blocks`);
  return content.map((raw, i) => readAnthropicBlock(raw, [...at, i], `${where} block ${i}`));
}

/** Renders a kept Anthropic block, putting a trim replacement in place of a tool result's content. */
export const anthropicRenderer: ContentRenderer = {
  renderBlock(raw, block) {
    if (block.kind === 'tool_result' && block.replacement !== undefined && isObject(raw)) {
      return { ...raw, content: block.replacement };
    }
    return raw;
  },
};

function readRole(raw: JsonObject, where: string): 'user' | 'assistant' {
  const role = raw['role'];
  if (role !== 'user' && role !== 'assistant') throw badInput(`${where}: role must be user or assistant, got ${JSON.stringify(role)}`);
  return role;
}

function classify(item: unknown): number {
  if (!isObject(item) || (item['role'] !== 'user' && item['role'] !== 'assistant')) return 0;
  const content = item['content'];
  if (typeof content === 'string') return 0.5;
  if (!Array.isArray(content)) return 0;
  let score = 0.5;
  for (const block of content) {
    const type = isObject(block) ? stringField(block, 'type') : undefined;
    if (type === undefined || type === 'input_text' || type === 'output_text' || type === 'image_url') return 0;
    if (EVIDENCE_TYPES.has(type)) score = 1;
  }
  return score;
}

export const anthropicAdapter: FormatAdapter = {
  name: 'anthropic',
  format: 'anthropic',
  detect(input) {
    const unwrapped = unwrapList(input, ['messages']);
    return unwrapped ? scoreItems(unwrapped.items, classify) : 0;
  },
  parse(input): ParsedHistory {
    const unwrapped = unwrapList(input, ['messages']);
    if (!unwrapped) throw badInput('anthropic: expected a list of messages or {messages: [...]}');
    const messages: Message[] = [];
    const system = systemMessage(unwrapped.wrapper?.['system']);
    if (system) messages.push(system);
    unwrapped.items.forEach((_, i) => {
      const where = `message ${i}`;
      const raw = objectAt(unwrapped.items, i, 'message');
      messages.push({ role: readRole(raw, where), at: [i], blocks: readAnthropicContent(raw['content'], [i], where) });
    });
    return {
      format: 'anthropic',
      container: containerName(unwrapped),
      conversations: [{ messages }],
      render(conversations) {
        const out = onlyConversation(conversations)
          .messages.filter((m) => (m.at[0] ?? -1) >= 0)
          .map((m) => renderContentMessage(objectAt(unwrapped.items, m.at[0] ?? 0, 'message'), 'content', m, anthropicRenderer));
        return rewrapList(unwrapped, out);
      },
    };
  },
};
