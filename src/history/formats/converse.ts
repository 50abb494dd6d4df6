/**
 * Amazon Bedrock Converse and Strands Agents messages: `[{role, content: [{text} | {toolUse} |
 * {toolResult} | {reasoningContent} | {image} ...]}]`, bare or as `{system, messages}`.
 * Converse requires roles to alternate, so rendering merges adjacent same-role messages.
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html
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

const KNOWN_KEYS = ['text', 'toolUse', 'toolResult', 'reasoningContent', 'image', 'document', 'video', 'cachePoint', 'guardContent', 'citationsContent'];

function readBlock(raw: unknown, at: Locator, where: string): Block {
  if (!isObject(raw)) throw badInput(`${where}: content block is not an object`);
  const text = raw['text'];
  if (typeof text === 'string') return { kind: 'text', at, text };
  const toolUse = raw['toolUse'];
  if (isObject(toolUse)) {
    const id = stringField(toolUse, 'toolUseId');
    if (id === undefined) throw badInput(`${where}: toolUse without a toolUseId`);
    return { kind: 'tool_call', at, id, name: stringField(toolUse, 'name') ?? '', input: JSON.stringify(toolUse['input'] ?? {}) };
  }
  const toolResult = raw['toolResult'];
  if (isObject(toolResult)) {
    const callId = stringField(toolResult, 'toolUseId');
    if (callId === undefined) throw badInput(`${where}: toolResult without a toolUseId`);
    return { kind: 'tool_result', at, callId, output: flattenText(toolResult['content']), ...(toolResult['status'] === 'error' ? { isError: true } : {}) };
  }
  const reasoning = raw['reasoningContent'];
  if (isObject(reasoning)) {
    const reasoningText = reasoning['reasoningText'];
    return { kind: 'thinking', at, text: isObject(reasoningText) ? stringField(reasoningText, 'text') ?? '' : '' };
  }
  if (!KNOWN_KEYS.some((key) => key in raw)) throw badInput(`${where}: unknown Converse content block (keys ${Object.keys(raw).join(', ')})`);
  return { kind: 'other', at, text: 'image' in raw || 'document' in raw || 'video' in raw ? '[media]' : JSON.stringify(raw) };
}

const renderer: ContentRenderer = {
  renderBlock(raw, block) {
    if (block.kind !== 'tool_result' || block.replacement === undefined || !isObject(raw)) return raw;
    const toolResult = raw['toolResult'];
    if (!isObject(toolResult)) return raw;
    return { ...raw, toolResult: { ...toolResult, content: [{ text: block.replacement }] } };
  },
};

function classify(item: unknown): number {
  if (!isObject(item) || (item['role'] !== 'user' && item['role'] !== 'assistant')) return 0;
  const content = item['content'];
  if (!Array.isArray(content) || content.length === 0) return 0;
  for (const block of content) {
    if (!isObject(block) || 'type' in block || !KNOWN_KEYS.some((key) => key in block)) return 0;
  }
  return 1;
}

/** Merges adjacent rendered messages of the same role, as Converse requires alternation. */
function mergeSameRole(messages: JsonObject[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const message of messages) {
    const last = out[out.length - 1];
    if (last && last['role'] === message['role']) {
      const merged = [...(last['content'] as unknown[]), ...(message['content'] as unknown[])];
      out[out.length - 1] = { ...last, content: merged };
    } else {
      out.push(message);
    }
  }
  return out;
}

export const converseAdapter: FormatAdapter = {
  name: 'converse',
  format: 'converse',
  detect(input) {
    const unwrapped = unwrapList(input, ['messages']);
    return unwrapped ? scoreItems(unwrapped.items, classify) : 0;
  },
  parse(input): ParsedHistory {
    const unwrapped = unwrapList(input, ['messages']);
    if (!unwrapped) throw badInput('converse: expected a list of messages or {messages: [...]}');
    const messages: Message[] = [];
    const system = systemMessage(unwrapped.wrapper?.['system']);
    if (system) messages.push(system);
    unwrapped.items.forEach((_, i) => {
      const where = `message ${i}`;
      const raw = objectAt(unwrapped.items, i, 'message');
      const role = raw['role'];
      if (role !== 'user' && role !== 'assistant') throw badInput(`${where}: role must be user or assistant`);
      const content = raw['content'];
      if (!Array.isArray(content)) throw badInput(`${where}: content must be a list of blocks`);
      messages.push({ role, at: [i], blocks: content.map((b, j) => readBlock(b, [i, j], `${where} block ${j}`)) });
    });
    return {
      format: 'converse',
      container: containerName(unwrapped),
      conversations: [{ messages }],
      render(conversations) {
        const rendered = onlyConversation(conversations)
          .messages.filter((m) => (m.at[0] ?? -1) >= 0)
          .map((m) => renderContentMessage(objectAt(unwrapped.items, m.at[0] ?? 0, 'message'), 'content', m, renderer));
        return rewrapList(unwrapped, mergeSameRole(rendered));
      },
    };
  },
};
