/**
 * Makes text safe to print: escape sequences (cursor moves, window titles, clipboard writes) and
 * other control characters never reach the terminal; they are shown escaped (`\x1b`) instead.
 */
// Also line/paragraph separators, invisible operators and Unicode tag characters (hidden "ASCII smuggling").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

export function escapeControl(text: string): string {
  return text.replace(CONTROL, (ch) => {
    const code = ch.codePointAt(0)!;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
  });
}
