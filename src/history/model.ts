/**
 * The normalized conversation every format adapter reads into and renders from.
 * Strategies only ever see this model; adapters keep the raw input and use the
 * `at` locators to rebuild output in the input's own shape.
 */

/** A position in the raw input: indices along the adapter's own path (message, block, line...). */
export type Locator = readonly number[];

/** Roles after normalization: `developer` becomes `system`, OpenAI `tool` stays `tool`. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

interface BlockBase {
  /** Where the block sits in the raw input; unique within one parsed document. */
  readonly at: Locator;
}

/** Text the user or the model wrote. */
export interface TextBlock extends BlockBase {
  readonly kind: 'text';
  readonly text: string;
}

/** Model reasoning: Anthropic `thinking`, Responses `reasoning`, Converse `reasoningContent`. */
export interface ThinkingBlock extends BlockBase {
  readonly kind: 'thinking';
  /** The readable reasoning text (empty when only a signature or encrypted blob exists). */
  readonly text: string;
}

/** A tool invocation by the model. */
export interface ToolCallBlock extends BlockBase {
  readonly kind: 'tool_call';
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them (a JSON string, or raw text for freeform tools). */
  readonly input: string;
}

/** A tool's answer to a call. */
export interface ToolResultBlock extends BlockBase {
  readonly kind: 'tool_result';
  readonly callId: string;
  /** The output flattened to text. */
  readonly output: string;
  /** True when the format marks the call as failed (`is_error`, `status: error`, a non-zero exit code). */
  readonly isError?: boolean;
  /** Set by `trim`: the text that replaces the output in the rendered conversation. */
  readonly replacement?: string;
}

/** Anything else (images, documents, server-side tool blocks): kept as it is. */
export interface OtherBlock extends BlockBase {
  readonly kind: 'other';
  /** A textual stand-in used only for token counting. */
  readonly text: string;
}

export type Block = TextBlock | ThinkingBlock | ToolCallBlock | ToolResultBlock | OtherBlock;

/** One message as the model API sees it (several raw lines may form one message). */
export interface Message {
  readonly role: Role;
  readonly blocks: readonly Block[];
  /** Where the message (its first raw part) sits in the raw input. */
  readonly at: Locator;
  /** True for user-role text the harness injected (interrupt markers, reminders): it never starts a turn. */
  readonly injected?: boolean;
}

/** One model context: what a strategy prunes and what a model call receives. */
export interface Conversation {
  readonly messages: readonly Message[];
}

/** The message dialects `reduce history` understands. */
export type HistoryFormat = 'anthropic' | 'openai-chat' | 'openai-responses' | 'converse';

/** Turns a locator into a map key. */
export function locatorKey(at: Locator): string {
  return at.join('.');
}

/** Returns the block's text for token counting: what the model would read. */
export function blockText(block: Block): string {
  switch (block.kind) {
    case 'text':
    case 'thinking':
    case 'other':
      return block.text;
    case 'tool_call':
      return `${block.name} ${block.input}`;
    case 'tool_result':
      return block.replacement ?? block.output;
  }
}
