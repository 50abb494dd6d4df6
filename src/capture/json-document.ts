import type { JsonStyle } from '../core/types.js';
import { MAX_TRAILING_LINES, opensJson, opensJsonDocument } from '../core/json-start.js';
import { withoutAnsi } from '../core/lines.js';
import { detectStyle } from '../reducers/generic/json-render.js';

export interface ParsedJson {
  doc: unknown;
  style: JsonStyle;
  /** Lines after the document that are not JSON (npm's `npm warn …`), 1-based within the text. */
  trailing: { from: number; to: number } | null;
}

/** Lines before a document that are not its own: a task runner's header (`> shop@1.4.0 report`, `> node report.js`), make's echo. */
const MAX_LEADING_LINES = 8;

/** Largest stdout tried again without its trailing lines (up to three more parses of it). */
const TRAILING_PARSE_CAP = 8 * 1024 * 1024;

/**
 * The JSON document of stdout, or null. A document followed by a few lines that are not JSON (npm's
 * `npm warn …` after `npx tool --json 2>&1`) is still read as the document; `trailing` names those lines.
 * Colour codes are read past (`jq -C`, `yq -C`, `gh … --json` forced to colour): they split no line.
 */
export function parseJsonText(stored: string): ParsedJson | null {
  const text = withoutAnsi(stored);
  // Text that opens a document at its first line has no header before it: a cut-off document is not parsed again past a later line.
  return parseDocument(text) ?? (opensJson(text.trimStart()) ? null : afterLeadingLines(text));
}

/** The document after a few leading lines that do not open one (a runner's header), its trailer's lines counted in the whole text. */
function afterLeadingLines(text: string): ParsedJson | null {
  let start = 0;
  for (let line = 1; line <= MAX_LEADING_LINES; line++) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) return null;
    start = nl + 1;
    const rest = text.slice(start);
    if (!opensJsonDocument(rest.slice(0, 64 * 1024).trimStart())) continue;
    const parsed = parseDocument(rest);
    return parsed && { ...parsed, trailing: parsed.trailing && { from: parsed.trailing.from + line, to: parsed.trailing.to + line } };
  }
  return null;
}

function parseDocument(text: string): ParsedJson | null {
  const style = (): JsonStyle => detectStyle(text.slice(0, 4096));
  try {
    return { doc: JSON.parse(text) as unknown, style: style(), trailing: null };
  } catch {
    // Try the ends of the last few lines that close an array or object, from the last one back; each
    // try parses the text again, so a large document that fails (cut off) is not tried at all.
    if (text.length > TRAILING_PARSE_CAP) return null;
    const body = text.replace(/\n+$/, '');
    const total = body.split('\n').length;
    let end = body.length;
    let tries = 3;
    for (let back = 0; back < MAX_TRAILING_LINES && end > 0 && tries > 0; back++) {
      const start = body.lastIndexOf('\n', end - 1);
      if (start < 0) break;
      const closing = body.slice(0, start).trimEnd();
      if (closing.endsWith('}') || closing.endsWith(']')) {
        tries--;
        try {
          const doc: unknown = JSON.parse(closing);
          const lines = closing.split('\n').length;
          return { doc, style: style(), trailing: { from: lines + 1, to: total } };
        } catch {
          // not the end of the document: look one line further back
        }
      }
      end = start;
    }
    return null;
  }
}

