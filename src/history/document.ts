/**
 * Text in and out for the CLI: a JSON document or JSONL lines. Output keeps the input's
 * layout: JSON with the input's indentation, JSONL with unchanged lines byte for byte.
 */
import { badInput } from './errors.js';

export interface HistoryDocument {
  readonly kind: 'json' | 'jsonl';
  /** The parsed value: the document, or the array of parsed lines. */
  readonly value: unknown;
  /** JSONL only: each parsed line and its original text. */
  readonly lines?: ReadonlyMap<unknown, string>;
  /** JSON only: the indentation to write with (0 for compact). */
  readonly indent: number;
}

function detectIndent(text: string): number {
  const match = /^[[{]\s*\n( +)\S/.exec(text);
  return match?.[1]?.length ?? (/^[[{]\s*\n\t/.test(text) ? 1 : 0);
}

/** Parses a JSON document, or JSONL when the text is not one JSON value. */
export function readHistoryDocument(text: string): HistoryDocument {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw badInput('empty input: expected a JSON conversation or JSONL log');
  try {
    return { kind: 'json', value: JSON.parse(trimmed), indent: detectIndent(trimmed) };
  } catch {
    // not a single JSON value: try one value per line
  }
  const lines = new Map<unknown, string>();
  const values: unknown[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw badInput(`line ${i + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    values.push(value);
    if (typeof value === 'object' && value !== null) lines.set(value, line);
  });
  return { kind: 'jsonl', value: values, lines, indent: 0 };
}

/** Serializes output in the document's layout. */
export function writeHistoryDocument(document: HistoryDocument, output: unknown): string {
  if (document.kind === 'json') return `${JSON.stringify(output, null, document.indent === 1 ? '\t' : document.indent)}\n`;
  if (!Array.isArray(output)) return `${JSON.stringify(output)}\n`;
  return output.map((value) => document.lines?.get(value) ?? JSON.stringify(value)).join('\n') + (output.length > 0 ? '\n' : '');
}
