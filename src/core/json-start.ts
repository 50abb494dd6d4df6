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
