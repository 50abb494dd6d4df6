import type { JsonStyle } from '../core/types.js';
import { MAX_TRAILING_LINES, opensJson, opensJsonDocument, walkJsonPunctuation } from '../core/json-start.js';
import { withoutAnsi } from '../core/lines.js';
import { detectStyle } from '../reducers/generic/json-render.js';

export interface ParsedJson {
  doc: unknown;
  style: JsonStyle;
  /** Lines after the document that are not JSON (npm's `npm warn …`), 1-based within the text. */
  trailing: { from: number; to: number } | null;
  /**
   * Set when the document never closes (`curl` cut off, `cmd --json | head -c`): `doc` then holds the
   * values complete before the cut, and `from`-`to` are the lines past the last complete one (1-based).
   */
  cutOff?: { from: number; to: number };
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
  const opens = opensJson(text.trimStart());
  return parseDocument(text) ?? (opens ? cutOffDocument(text) : afterLeadingLines(text));
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
    const parsed = parseDocument(rest) ?? cutOffDocument(rest);
    const shift = (range: { from: number; to: number }) => ({ from: range.from + line, to: range.to + line });
    return parsed && { ...parsed, trailing: parsed.trailing && shift(parsed.trailing), ...(parsed.cutOff ? { cutOff: shift(parsed.cutOff) } : {}) };
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

/**
 * A document that opens but never closes, read up to its last complete value: the text up to the last
 * comma outside a string, with the brackets still open at that comma closed. The comma may be at any
 * depth, so a cut inside `items` of a `kubectl get -o json` list keeps the items before it. Null when no
 * value completed, when the text goes on to close its first value (then it is not cut off, just invalid),
 * or when the closed prefix still does not parse.
 */
function cutOffDocument(text: string): ParsedJson | null {
  const closers: number[] = [];
  let closed = false;
  let cut = -1;
  let cutClosers = '';
  walkJsonPunctuation(text, (c, at) => {
    if (c === 123) closers.push(125);
    else if (c === 91) closers.push(93);
    else if (c === 125 || c === 93) closed = closers.pop() !== c || closers.length === 0;
    else if (closers.length > 0) {
      cut = at;
      cutClosers = String.fromCharCode(...closers.slice().reverse());
    }
    return !closed;
  });
  if (closed || cut < 0) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(text.slice(0, cut) + cutClosers);
  } catch {
    return null;
  }
  const body = text.replace(/\n+$/, '');
  const next = body.slice(cut + 1).search(/\S/);
  const from = lineAt(text, next < 0 ? cut : cut + 1 + next);
  return { doc, style: detectStyle(text.slice(0, 4096)), trailing: null, cutOff: { from, to: Math.max(from, lineAt(body, body.length)) } };
}

/** The 1-based line of text that holds the character at `index`. */
function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
