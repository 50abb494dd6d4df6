/**
 * Codex CLI rollouts (`~/.codex/sessions/.../rollout-*.jsonl`): `{timestamp, type, payload}`
 * lines. `response_item` payloads are Responses API items; `session_meta` holds the base
 * instructions; a `compacted` line replaces all earlier history with its `replacement_history`,
 * so each compaction starts a new conversation. `event_msg` and `turn_context` lines are
 * telemetry, left as they are.
 */
import { badInput } from '../errors.js';
import type { Conversation, Message } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { isObject, stringField, type JsonObject } from './json-shape.js';
import { readResponsesItem, renderResponsesItem } from './openai-responses.js';
import { indexKept, type KeptIndex } from './kept-index.js';

const LINE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

function instructionsOf(payload: JsonObject): string | undefined {
  const base = payload['base_instructions'];
  if (typeof base === 'string') return base;
  return isObject(base) ? stringField(base, 'text') : undefined;
}

function readConversations(lines: readonly unknown[]): Message[][] {
  const epochs: Message[][] = [[]];
  let system: Message | undefined;
  lines.forEach((line, i) => {
    if (!isObject(line)) throw badInput(`line ${i + 1}: expected an object`);
    const payload = line['payload'];
    if (!isObject(payload)) return;
    const current = epochs[epochs.length - 1] ?? [];
    switch (line['type']) {
      case 'session_meta': {
        const text = instructionsOf(payload);
        if (text !== undefined && system === undefined) {
          system = { role: 'system', at: [i], blocks: [{ kind: 'text', at: [i, -1], text }] };
          current.unshift(system);
        }
        return;
      }
      case 'response_item':
        current.push(readResponsesItem(payload, [i], `line ${i + 1}`));
        return;
      case 'compacted': {
        const history = payload['replacement_history'];
        const next: Message[] = system ? [system] : [];
        if (Array.isArray(history)) {
          history.forEach((item, k) => {
            if (!isObject(item)) throw badInput(`line ${i + 1}: replacement_history item ${k} is not an object`);
            next.push(readResponsesItem(item, [i, k], `line ${i + 1} replacement_history item ${k}`));
          });
        } else {
          const summary = stringField(payload, 'message') ?? '';
          next.push({ role: 'user', at: [i], injected: true, blocks: [{ kind: 'text', at: [i, -1], text: summary }] });
        }
        epochs.push(next);
        return;
      }
      default:
        return;
    }
  });
  return epochs;
}

function renderCompacted(line: JsonObject, index: number, kept: KeptIndex): JsonObject {
  const payload = line['payload'] as JsonObject;
  const history = payload['replacement_history'];
  if (!Array.isArray(history)) return line;
  const out: unknown[] = [];
  let changed = false;
  history.forEach((item, k) => {
    const message = kept.message([index, k]);
    if (!message || !isObject(item)) return void (changed = true);
    const rendered = renderResponsesItem(item, message);
    if (rendered !== item) changed = true;
    out.push(rendered);
  });
  return changed ? { ...line, payload: { ...payload, replacement_history: out } } : line;
}

function classify(input: unknown): number {
  if (!Array.isArray(input) || input.length === 0) return 0;
  let items = 0;
  for (const line of input) {
    if (!isObject(line) || !LINE_TYPES.has(String(line['type'])) || !isObject(line['payload'])) return 0;
    if (line['type'] === 'response_item') items++;
  }
  return items > 0 ? 1 : 0;
}

export const codexAdapter: FormatAdapter = {
  name: 'codex',
  format: 'openai-responses',
  detect: classify,
  parse(input): ParsedHistory {
    if (!Array.isArray(input)) throw badInput('codex: expected the lines of a rollout');
    const conversations: Conversation[] = readConversations(input).map((messages) => ({ messages }));
    return {
      format: 'openai-responses',
      container: 'codex',
      conversations,
      render(pruned) {
        const kept = indexKept(pruned);
        const out: unknown[] = [];
        input.forEach((line, i) => {
          if (!isObject(line)) return void out.push(line);
          if (line['type'] === 'compacted') return void out.push(renderCompacted(line, i, kept));
          if (line['type'] !== 'response_item') return void out.push(line);
          const message = kept.message([i]);
          if (!message) return;
          const payload = line['payload'] as JsonObject;
          const rendered = renderResponsesItem(payload, message);
          out.push(rendered === payload ? line : { ...line, payload: rendered });
        });
        return out;
      },
    };
  },
};
