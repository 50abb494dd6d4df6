/**
 * Shared plumbing for formats that are a list of messages, bare or inside a request body
 * (`{model, system, messages: [...]}`): unwrapping, rewrapping and per-message rendering.
 */
import { badInput } from '../errors.js';
import type { Block, Conversation, Message } from '../model.js';
import { flattenText, isObject, type JsonObject } from './json-shape.js';

/** A message list and the object that held it, if any. */
export interface Unwrapped {
  readonly items: readonly unknown[];
  /** The request-like object around the list; undefined for a bare array. */
  readonly wrapper?: JsonObject;
  /** The wrapper key holding the list (`messages`, `input`, `history`). */
  readonly key?: string;
}

/** Finds the message list: the input itself when it is an array, else the first listed key holding one. */
export function unwrapList(input: unknown, keys: readonly string[]): Unwrapped | undefined {
  if (Array.isArray(input)) return { items: input };
  if (!isObject(input)) return undefined;
  for (const key of keys) {
    const value = input[key];
    if (Array.isArray(value)) return { items: value, wrapper: input, key };
  }
  return undefined;
}

/** The request's system prompt (`{system, messages}`, `{instructions, input}`) as the leading system message. */
export function systemMessage(system: unknown): Message | undefined {
  if (system === undefined) return undefined;
  return { role: 'system', at: [-1], blocks: [{ kind: 'text', at: [-1, 0], text: flattenText(system) }] };
}

/** Puts a rendered list back where it came from. */
export function rewrapList(unwrapped: Unwrapped, items: unknown[]): unknown {
  if (!unwrapped.wrapper || !unwrapped.key) return items;
  return { ...unwrapped.wrapper, [unwrapped.key]: items };
}

/** Names the container for reports. */
export function containerName(unwrapped: Unwrapped): string {
  return unwrapped.wrapper ? `request.${unwrapped.key ?? 'messages'}` : 'messages';
}

/** Returns the raw object at `index` of a list, or throws a bad-input error naming it. */
export function objectAt(items: readonly unknown[], index: number, what: string): JsonObject {
  const item = items[index];
  if (!isObject(item)) throw badInput(`${what} ${index}: expected an object, got ${item === null ? 'null' : typeof item}`);
  return item;
}

/**
 * Scores a list with a per-item classifier: 0 when any item is incompatible or the list is
 * empty, 1 when any item shows distinguishing evidence, else 0.5.
 */
export function scoreItems(items: readonly unknown[], classify: (item: unknown) => number): number {
  if (items.length === 0) return 0;
  let best = 0.5;
  for (const item of items) {
    const score = classify(item);
    if (score === 0) return 0;
    if (score > best) best = score;
  }
  return best;
}

/** Looks up, for a content-array message, which raw blocks stay and how each renders. */
export interface ContentRenderer {
  /** Renders one kept block from its raw form (applying a trim replacement). */
  renderBlock(raw: unknown, block: Block): unknown;
}

/**
 * Renders a normalized message whose blocks live in `rawContent` (`at = [..., blockIndex]`).
 * Returns the raw message itself when nothing changed.
 */
export function renderContentMessage(
  raw: JsonObject,
  contentKey: string,
  message: Message,
  renderer: ContentRenderer,
): JsonObject {
  const rawContent = raw[contentKey];
  if (!Array.isArray(rawContent)) return raw; // string content: a single text block, kept whole
  const unchanged =
    message.blocks.length === rawContent.length &&
    message.blocks.every((b) => b.kind !== 'tool_result' || b.replacement === undefined);
  if (unchanged) return raw;
  const content = message.blocks.map((block) => renderer.renderBlock(rawContent[lastIndex(block)], block));
  return { ...raw, [contentKey]: content };
}

/** The last index of a block's locator: its position inside its message's content. */
export function lastIndex(block: Block): number {
  const index = block.at[block.at.length - 1];
  if (index === undefined) throw new Error('empty locator');
  return index;
}

/** Collects all messages of conversations in order (adapters with one conversation use the first). */
export function onlyConversation(conversations: readonly Conversation[]): Conversation {
  const [first] = conversations;
  if (!first || conversations.length !== 1) throw new Error(`expected one conversation, got ${conversations.length}`);
  return first;
}
