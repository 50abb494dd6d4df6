/**
 * Claude Code session logs (`~/.claude/projects/<project>/<session>.jsonl`, one object a line):
 * `user` / `assistant` lines carry Anthropic Messages in `message`; other line types are harness
 * bookkeeping, left as they are. Claude Code writes one line per content block, so lines that
 * share an assistant `message.id` form one API message, and consecutive tool_result lines one
 * user message. Sidechain (subagent) lines are not part of the main conversation.
 */
import { badInput } from '../errors.js';
import type { Block, Message } from '../model.js';
import type { FormatAdapter, ParsedHistory } from './types.js';
import { isObject, stringField, type JsonObject } from './json-shape.js';
import { anthropicRenderer, readAnthropicContent } from './anthropic.js';
import { onlyConversation } from './message-array.js';
import { indexKept } from './kept-index.js';

interface Draft {
  role: 'user' | 'assistant';
  at: number[];
  blocks: Block[];
  injected: boolean;
  messageId?: string;
  toolResultsOnly: boolean;
}

function messageLine(line: unknown): JsonObject | undefined {
  if (!isObject(line) || (line['type'] !== 'user' && line['type'] !== 'assistant')) return undefined;
  if (line['isSidechain'] === true) return undefined;
  return isObject(line['message']) ? line['message'] : undefined;
}

/** Finds the assistant draft a new line with `messageId` continues: the last one, with only tool results since. */
function continuedAssistant(drafts: Draft[], messageId: string | undefined): Draft | undefined {
  if (messageId === undefined) return undefined;
  for (let k = drafts.length - 1; k >= 0; k--) {
    const draft = drafts[k];
    if (!draft) break;
    if (draft.role === 'assistant') return draft.messageId === messageId ? draft : undefined;
    if (!draft.toolResultsOnly) return undefined;
  }
  return undefined;
}

function readDrafts(lines: readonly unknown[]): Draft[] {
  const drafts: Draft[] = [];
  lines.forEach((line, i) => {
    const message = messageLine(line);
    if (!message || !isObject(line)) return;
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant') throw badInput(`line ${i + 1}: message role must be user or assistant`);
    const blocks = readAnthropicContent(message['content'], [i], `line ${i + 1}`);
    const toolResultsOnly = blocks.length > 0 && blocks.every((b) => b.kind === 'tool_result');
    const last = drafts[drafts.length - 1];
    if (role === 'assistant') {
      const messageId = stringField(message, 'id');
      const continued = continuedAssistant(drafts, messageId);
      if (continued) continued.blocks.push(...blocks);
      else drafts.push({ role, at: [i], blocks, injected: false, toolResultsOnly: false, ...(messageId ? { messageId } : {}) });
      return;
    }
    if (toolResultsOnly && last?.role === 'user' && last.toolResultsOnly) {
      last.blocks.push(...blocks);
      return;
    }
    const injected = line['isMeta'] === true || line['isCompactSummary'] === true;
    drafts.push({ role, at: [i], blocks, injected, toolResultsOnly });
  });
  return drafts;
}

function toMessage(draft: Draft): Message {
  return { role: draft.role, at: draft.at, blocks: draft.blocks, ...(draft.injected ? { injected: true } : {}) };
}

function renderLine(line: JsonObject, index: number, kept: ReturnType<typeof indexKept>): JsonObject | undefined {
  const message = line['message'] as JsonObject;
  const content = message['content'];
  if (!Array.isArray(content)) return kept.block([index, 0]) ? line : undefined;
  const blocks = content.map((_, j) => kept.block([index, j]));
  const survivors = blocks.filter((b): b is Block => b !== undefined);
  if (survivors.length === 0) return undefined;
  const replaced = survivors.some((b) => b.kind === 'tool_result' && b.replacement !== undefined);
  if (survivors.length === content.length && !replaced) return line;
  const next: JsonObject = {
    ...line,
    message: { ...message, content: survivors.map((b) => anthropicRenderer.renderBlock(content[b.at[1] ?? 0], b)) },
  };
  // The UI duplicate of a trimmed result would keep the very bytes the trim removed.
  if (replaced) delete next['toolUseResult'];
  return next;
}

function classify(input: unknown): number {
  if (!Array.isArray(input) || input.length === 0) return 0;
  let messages = 0;
  for (const line of input) {
    if (!isObject(line) || typeof line['type'] !== 'string' || 'payload' in line) return 0;
    if (messageLine(line)) messages++;
  }
  return messages > 0 ? 1 : 0;
}

export const claudeCodeAdapter: FormatAdapter = {
  name: 'claude-code',
  format: 'anthropic',
  detect: classify,
  parse(input): ParsedHistory {
    if (!Array.isArray(input)) throw badInput('claude-code: expected the lines of a session log');
    const messages = readDrafts(input).map(toMessage);
    return {
      format: 'anthropic',
      container: 'claude-code',
      conversations: [{ messages }],
      render(conversations) {
        const kept = indexKept([onlyConversation(conversations)]);
        const out: unknown[] = [];
        input.forEach((line, i) => {
          if (!messageLine(line)) return void out.push(line);
          const rendered = renderLine(line as JsonObject, i, kept);
          if (rendered) out.push(rendered);
        });
        return out;
      },
    };
  },
};
