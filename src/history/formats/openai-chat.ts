/**
 * OpenAI Chat Completions: `[{role: system|developer|user|assistant|tool, content, tool_calls?,
 * tool_call_id?}]`, bare, as `{messages}`, or as a SWE-agent trajectory's `history` (whose tool
 * messages carry `tool_call_ids`). Consecutive assistant messages whose calls are still
 * unanswered are read (and rendered) as one message, since the API wants parallel calls together.
 * https://platform.openai.com/docs/api-reference/chat/create
 */
import { badInput } from '../errors.js';
import type { Block, Locator, Message } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { flattenText, isObject, stringField, type JsonObject } from './json-shape.js';
import { containerName, objectAt, onlyConversation, rewrapList, scoreItems, unwrapList } from './message-array.js';

const LIST_KEYS = ['messages', 'history'];
/** Reasoning that converters from Claude Code logs inline as `<thinking>…</thinking>` in assistant text. */
const THINKING = /<thinking>[\s\S]*?<\/thinking>/g;
/** Locator second index: 0 for content parts, 1 for tool calls. */
const CONTENT = 0;
const CALLS = 1;

function readContent(content: unknown, at: Locator, role: string): Block[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') {
    if (content === '') return [];
    if (role !== 'assistant' || !content.includes('<thinking>')) return [{ kind: 'text', at: [...at, CONTENT, 0], text: content }];
    return splitThinking(content).map((segment, k) => ({ ...segment, at: [...at, CONTENT, k] }));
  }
  if (!Array.isArray(content)) throw badInput(`message ${at[0]}: content must be a string, null or a list of parts`);
  return content.map((part, j): Block => {
    const partAt = [...at, CONTENT, j];
    if (isObject(part) && typeof part['text'] === 'string') return { kind: 'text', at: partAt, text: part['text'] };
    return { kind: 'other', at: partAt, text: isObject(part) ? `[${stringField(part, 'type') ?? 'part'}]` : String(part) };
  });
}

/** Splits assistant text into its inline thinking sections and the text around them. */
function splitThinking(content: string): Array<{ kind: 'text' | 'thinking'; text: string }> {
  const segments: Array<{ kind: 'text' | 'thinking'; text: string }> = [];
  let last = 0;
  for (const match of content.matchAll(THINKING)) {
    const before = content.slice(last, match.index).trim();
    if (before) segments.push({ kind: 'text', text: before });
    segments.push({ kind: 'thinking', text: match[0] });
    last = match.index + match[0].length;
  }
  const after = content.slice(last).trim();
  if (after) segments.push({ kind: 'text', text: after });
  return segments;
}

function readToolCalls(calls: unknown, at: Locator): Block[] {
  if (calls === undefined || calls === null) return [];
  if (!Array.isArray(calls)) throw badInput(`message ${at[0]}: tool_calls must be a list`);
  return calls.map((call, k): Block => {
    if (!isObject(call) || typeof call['id'] !== 'string') throw badInput(`message ${at[0]}: tool call ${k} without an id`);
    const fn = isObject(call['function']) ? call['function'] : {};
    const args = fn['arguments'];
    return {
      kind: 'tool_call',
      at: [...at, CALLS, k],
      id: call['id'],
      name: stringField(fn, 'name') ?? '',
      input: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
    };
  });
}

function toolCallId(raw: JsonObject, index: number): string {
  const id = raw['tool_call_id'];
  if (typeof id === 'string') return id;
  const ids = raw['tool_call_ids'];
  if (Array.isArray(ids) && typeof ids[0] === 'string') return ids[0];
  throw badInput(`message ${index}: tool message without tool_call_id`);
}

function readMessage(raw: JsonObject, i: number): Message {
  const role = raw['role'];
  const at = [i];
  switch (role) {
    case 'system':
    case 'developer':
      return { role: 'system', at, blocks: [{ kind: 'text', at: [i, CONTENT, 0], text: flattenText(raw['content']) }] };
    case 'user':
      return { role: 'user', at, blocks: readContent(raw['content'], at, 'user') };
    case 'assistant':
      return { role: 'assistant', at, blocks: [...readContent(raw['content'], at, 'assistant'), ...readToolCalls(raw['tool_calls'], at)] };
    case 'tool':
      return { role: 'tool', at, blocks: [{ kind: 'tool_result', at: [i, CONTENT, 0], callId: toolCallId(raw, i), output: flattenText(raw['content']) }] };
    default:
      throw badInput(`message ${i}: unknown role ${JSON.stringify(role)}`);
  }
}

/**
 * Regroups parallel calls split across assistant messages (as converters from Claude Code logs
 * write them: call, call, result, call, result...): a message holding only tool calls joins the
 * previous assistant message when only results of that message's calls stand between them and
 * some of its calls are still unanswered. The results then follow the merged message.
 */
function mergePendingCalls(messages: Message[]): Message[] {
  const out: Message[] = [];
  let lastAssistant = -1;
  for (const message of messages) {
    const onlyCalls = message.blocks.length > 0 && message.blocks.every((b) => b.kind === 'tool_call');
    const previous = out[lastAssistant];
    if (message.role === 'assistant' && onlyCalls && previous) {
      const asked = new Set(previous.blocks.flatMap((b) => (b.kind === 'tool_call' ? [b.id] : [])));
      const between = out.slice(lastAssistant + 1);
      const answered = between.flatMap((m) => m.blocks.flatMap((b) => (b.kind === 'tool_result' ? [b.callId] : [])));
      const onlyItsResults = between.every((m) => m.role === 'tool' && m.blocks.every((b) => b.kind === 'tool_result' && asked.has(b.callId)));
      if (asked.size > 0 && onlyItsResults && answered.length < asked.size) {
        out[lastAssistant] = { ...previous, blocks: [...previous.blocks, ...message.blocks] };
        continue;
      }
    }
    if (message.role === 'assistant') lastAssistant = out.length;
    out.push(message);
  }
  return out;
}

function classify(item: unknown): number {
  if (!isObject(item)) return 0;
  const role = item['role'];
  if (role === 'tool' || (role === 'assistant' && Array.isArray(item['tool_calls']))) return 1;
  if (role !== 'system' && role !== 'developer' && role !== 'user' && role !== 'assistant') return 0;
  const content = item['content'];
  if (content === null || typeof content === 'string') return role === 'system' ? 0.75 : 0.5;
  if (!Array.isArray(content)) return 0;
  for (const part of content) {
    const type = isObject(part) ? stringField(part, 'type') : undefined;
    if (type !== 'text' && type !== 'image_url' && type !== 'input_audio' && type !== 'file' && type !== 'refusal') return 0;
    if (type === 'image_url') return 1;
  }
  return 0.5;
}

/** Renders one normalized message back to one Chat message (several raw ones when merged). */
function renderMessage(items: readonly unknown[], message: Message): JsonObject {
  const base = objectAt(items, message.at[0] ?? 0, 'message');
  const sources = new Set(message.blocks.map((b) => b.at[0]));
  const original = readMessage(base, message.at[0] ?? 0).blocks.length;
  const replaced = message.blocks.some((b) => b.kind === 'tool_result' && b.replacement !== undefined);
  const onlyBase = [...sources].every((source) => source === message.at[0]);
  if (onlyBase && message.blocks.length === original && !replaced) return base;
  if (message.role === 'tool') {
    const block = message.blocks[0];
    const replacement = block?.kind === 'tool_result' ? block.replacement : undefined;
    return replacement === undefined ? base : { ...base, content: Array.isArray(base['content']) ? [{ type: 'text', text: replacement }] : replacement };
  }
  const rest: JsonObject = { ...base };
  delete rest['tool_calls'];
  const texts = message.blocks.filter((b) => b.kind === 'text' || b.kind === 'thinking' || b.kind === 'other');
  const calls = message.blocks.filter((b) => b.kind === 'tool_call');
  const rawPart = (b: Block): unknown => {
    const raw = objectAt(items, b.at[0] ?? 0, 'message')[b.at[1] === CALLS ? 'tool_calls' : 'content'];
    return Array.isArray(raw) ? raw[b.at[2] ?? 0] : raw;
  };
  const partsArray = texts.some((b) => Array.isArray(objectAt(items, b.at[0] ?? 0, 'message')['content']));
  if (partsArray) rest['content'] = texts.map((b) => (b.kind === 'other' ? rawPart(b) : { type: 'text', text: b.text }));
  else rest['content'] = texts.length > 0 ? texts.map((b) => (b.kind === 'other' ? '' : b.text)).join('\n\n') : null;
  if (calls.length > 0) rest['tool_calls'] = calls.map(rawPart);
  return rest;
}

export const openaiChatAdapter: FormatAdapter = {
  name: 'openai-chat',
  format: 'openai-chat',
  detect(input) {
    const unwrapped = unwrapList(input, LIST_KEYS);
    return unwrapped ? scoreItems(unwrapped.items, classify) : 0;
  },
  parse(input): ParsedHistory {
    const unwrapped = unwrapList(input, LIST_KEYS);
    if (!unwrapped) throw badInput('openai-chat: expected a list of messages or {messages: [...]}');
    const raw = unwrapped.items.map((_, i) => readMessage(objectAt(unwrapped.items, i, 'message'), i));
    return {
      format: 'openai-chat',
      container: containerName(unwrapped),
      conversations: [{ messages: mergePendingCalls(raw) }],
      render(conversations) {
        const out = onlyConversation(conversations).messages.map((m) => renderMessage(unwrapped.items, m));
        return rewrapList(unwrapped, out);
      },
    };
  },
};
