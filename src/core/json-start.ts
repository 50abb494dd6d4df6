/** Whether a head of text opens a JSON document, not a log line that starts with a bracket. */

const JSON_NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\s*/;

/**
 * Whether text that starts with `{` or `[` starts like a JSON document: the first token after the
 * bracket must be one JSON allows there. Log lines open with brackets too (`[INFO]`, `[runner] …`,
 * `[2026-11-24 10:00:01]`, `[1/3] Building`), and so does a JavaScript object literal (`{ a: 1 }`).
 */
export function opensJson(text: string): boolean {
  const open = text[0];
  if (open !== '{' && open !== '[') return false;
  const rest = text.slice(1).trimStart();
  if (rest === '') return true; // a lone bracket: pretty-printed JSON's first line
  const c = rest[0]!;
  if (c === '"' || (open === '{' && c === '}') || (open === '[' && (c === ']' || c === '{' || c === '['))) return true;
  if (open === '{') return false;
  if (c === '-' || (c >= '0' && c <= '9')) {
    const m = JSON_NUMBER.exec(rest);
    const after = m ? rest[m[0].length] : undefined;
    return after === undefined || after === ',' || after === ']';
  }
  return /^(?:true|false|null)\s*(?:[,\]]|$)/.test(rest);
}

/** Lines after a document that are still its trailer (a tool's or npm's warnings after `cmd --json 2>&1`). */
export const MAX_TRAILING_LINES = 20;

/**
 * Whether a head of text is a JSON document (or NDJSON): it opens like one, and what follows its
 * first value, when that value ends inside the head, is more JSON or a short trailer. A program that
 * prints one JSON line and then a report (`python -m cProfile` of a script that prints its result as
 * JSON) is text with a JSON line, not a document.
 */
export function opensJsonDocument(text: string): boolean {
  if (!opensJson(text)) return false;
  const end = firstValueEnd(text);
  if (end < 0) return true;
  let other = 0;
  for (const line of text.slice(end).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || opensJson(trimmed)) continue;
    if (++other > MAX_TRAILING_LINES) return false;
  }
  return true;
}

/** Where the first JSON value of text that opens with `{` or `[` ends (just past its closing bracket), or -1 if not in the text. */
function firstValueEnd(text: string): number {
  let depth = 0;
  let end = -1;
  walkJsonPunctuation(text, (c, at) => {
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth === 0) end = at + 1;
    }
    return end < 0;
  });
  return end;
}

/**
 * Calls `visit` with each bracket and comma of text that is outside a string (its character code and
 * index), in order, until `visit` returns false. Escapes inside strings are skipped.
 */
export function walkJsonPunctuation(text: string, visit: (code: number, at: number) => boolean): void {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if ((c === 123 || c === 91 || c === 125 || c === 93 || c === 44) && !visit(c, i)) return;
  }
}
