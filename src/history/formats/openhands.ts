/**
 * OpenHands evaluation output: one task instance a line, `{instance_id, history: [events]}`.
 * LLM messages are not stored, so they are rebuilt from events: the `system` action, the
 * user's `message`, each tool action (its `tool_call_metadata.model_response` gives the
 * assistant text and call; actions of one response form one message) and the observation
 * answering it (same `tool_call_id`). Other events are not model input and are left as they are.
 * Limitation: an action event is kept or dropped whole, so its text goes with its call.
 * https://docs.all-hands.dev/usage/architecture/backend
 */
import { badInput } from '../errors.js';
import type { Block, Conversation, Message } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { isObject, stringField, type JsonObject } from './json-shape.js';
import { indexKept, type KeptIndex } from './kept-index.js';

interface CallInfo {
  id: string;
  name: string;
  responseId: string | undefined;
  text: string;
  input: string;
}

function textOf(event: JsonObject): string {
  const args = event['args'];
  const content = isObject(args) ? stringField(args, 'content') : undefined;
  return content ?? stringField(event, 'message') ?? '';
}

function callInfo(event: JsonObject): CallInfo | undefined {
  const meta = event['tool_call_metadata'];
  if (!isObject(meta)) return undefined;
  const id = stringField(meta, 'tool_call_id');
  if (id === undefined) return undefined;
  const response = isObject(meta['model_response']) ? meta['model_response'] : {};
  const choices = response['choices'];
  const first = Array.isArray(choices) && isObject(choices[0]) ? choices[0] : {};
  const message = isObject(first['message']) ? first['message'] : {};
  const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
  const call = calls.find((c) => isObject(c) && c['id'] === id);
  const fn = isObject(call) && isObject(call['function']) ? call['function'] : undefined;
  return {
    id,
    name: stringField(meta, 'function_name') ?? '',
    responseId: stringField(response, 'id'),
    text: stringField(message, 'content') ?? '',
    input: (fn && stringField(fn, 'arguments')) ?? JSON.stringify(event['args'] ?? {}),
  };
}

/** An observation that records failure: `success: false`, an `error` observation, or a non-zero exit code. */
function observationFailed(event: JsonObject): boolean {
  if (event['success'] === false || event['observation'] === 'error') return true;
  const extras = event['extras'];
  const metadata = isObject(extras) ? extras['metadata'] : undefined;
  const code = isObject(metadata) ? metadata['exit_code'] : undefined;
  return typeof code === 'number' && code !== 0 && code !== -1;
}

function readHistory(events: readonly unknown[], line: number): Message[] {
  const messages: Message[] = [];
  let lastResponse: string | undefined;
  events.forEach((event, e) => {
    if (!isObject(event)) throw badInput(`line ${line + 1} event ${e}: expected an object`);
    const at = [line, e];
    const action = event['action'];
    const info = callInfo(event);
    if (action === 'system') {
      messages.push({ role: 'system', at, blocks: [{ kind: 'text', at: [line, e, 0], text: textOf(event) }] });
    } else if (event['source'] === 'user' && action === 'message') {
      messages.push({ role: 'user', at, blocks: [{ kind: 'text', at: [line, e, 0], text: textOf(event) }] });
    } else if (typeof action === 'string' && info) {
      const call: Block = { kind: 'tool_call', at: [line, e, 1], id: info.id, name: info.name, input: info.input };
      const last = messages[messages.length - 1];
      if (last && last.role === 'assistant' && info.responseId !== undefined && info.responseId === lastResponse) {
        messages[messages.length - 1] = { ...last, blocks: [...last.blocks, call] };
      } else {
        const text: Block[] = info.text ? [{ kind: 'text', at: [line, e, 0], text: info.text }] : [];
        messages.push({ role: 'assistant', at, blocks: [...text, call] });
      }
      lastResponse = info.responseId;
    } else if (typeof event['observation'] === 'string' && info) {
      const output = stringField(event, 'content') ?? '';
      const isError = observationFailed(event);
      messages.push({ role: 'tool', at, blocks: [{ kind: 'tool_result', at: [line, e, 0], callId: info.id, output, ...(isError ? { isError } : {}) }] });
    } else if (event['source'] === 'agent' && action === 'message') {
      messages.push({ role: 'assistant', at, blocks: [{ kind: 'text', at: [line, e, 0], text: textOf(event) }] });
    }
  });
  return messages;
}

/** True when the event was read into a message (and so is pruned with it). */
function isModelEvent(event: unknown): boolean {
  if (!isObject(event)) return false;
  const action = event['action'];
  if (action === 'system' || action === 'message') return event['source'] === 'user' || event['source'] === 'agent';
  return callInfo(event) !== undefined && (typeof action === 'string' || typeof event['observation'] === 'string');
}

function renderEvent(event: JsonObject, line: number, e: number, kept: KeptIndex): JsonObject | undefined {
  const call = kept.block([line, e, 1]);
  const first = kept.block([line, e, 0]);
  if (callInfo(event) && typeof event['action'] === 'string') return call ? event : undefined;
  if (!first) return undefined;
  return first.kind === 'tool_result' && first.replacement !== undefined ? { ...event, content: first.replacement } : event;
}

/** The evaluation lines: a JSONL file of one line reads as that line's object alone. */
function asLines(input: unknown): unknown[] | undefined {
  return Array.isArray(input) ? input : isObject(input) ? [input] : undefined;
}

function classify(input: unknown): number {
  const lines = asLines(input);
  if (!lines || lines.length === 0) return 0;
  return lines.every((line) => isObject(line) && Array.isArray(line['history']) && line['history'].every((e) => isObject(e) && 'source' in e && 'id' in e))
    ? 1
    : 0;
}

export const openhandsAdapter: FormatAdapter = {
  name: 'openhands',
  format: 'openai-chat',
  detect: classify,
  parse(input): ParsedHistory {
    const lines = asLines(input);
    if (!lines) throw badInput('openhands: expected evaluation output lines');
    const conversations: Conversation[] = lines.map((line, i) => {
      if (!isObject(line) || !Array.isArray(line['history'])) throw badInput(`line ${i + 1}: no history`);
      return { messages: readHistory(line['history'], i) };
    });
    return {
      format: 'openai-chat',
      container: 'openhands',
      conversations,
      render(pruned) {
        const kept = indexKept(pruned);
        const rendered = (lines as JsonObject[]).map((line, i) => {
          const history = line['history'] as unknown[];
          const out: unknown[] = [];
          let changed = false;
          history.forEach((event, e) => {
            if (!isModelEvent(event)) return void out.push(event);
            const survivor = renderEvent(event as JsonObject, i, e, kept);
            if (survivor !== event) changed = true;
            if (survivor) out.push(survivor);
          });
          return changed ? { ...line, history: out } : line;
        });
        return Array.isArray(input) ? rendered : rendered[0];
      },
    };
  },
};
