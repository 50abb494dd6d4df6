/**
 * Makes text safe to print on a terminal: nothing in a packet or an `inspect` view may move the cursor,
 * set the window title, write the clipboard (OSC 52), open hyperlinks or hide text.
 *
 * - CSI sequences (colours, cursor moves, erases; 7-bit `ESC [` and 8-bit `\x9b`) are removed: they only format.
 * - Every other control character is shown escaped (`\x1b`, `\x07`, `\r`), so OSC, DCS, APC and other ESC
 *   sequences become inert visible text: `\x1b]52;c;...\x07`. Tab and newline stay; CRLF stays.
 * - Bidi controls, zero-width spaces, line/paragraph separators and Unicode tag characters are shown as `\u{...}`.
 * Idempotent: the output contains no character that a second pass would change.
 */

// CSI: ESC [ or 8-bit CSI, parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte 0x40-0x7E.
// Parameters are bounded so a hostile endless parameter run cannot make this slow.
const CSI = /(?:\u001b\[|\u009b)[\u0030-\u003f]{0,256}[\u0020-\u002f]{0,16}[\u0040-\u007e]/g;

// Characters shown escaped. ZWJ and ZWNJ are left alone: emoji and several scripts need them.
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u2028\u2029\u2060-\u2064\u202a-\u202e\u2066-\u2069\ufeff]|\r(?!\n)|\uDB40[\uDC00-\uDC7F]/g;
const HAS_UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\u200e\u200f\u2028\u2029\u2060-\u2064\u202a-\u202e\u2066-\u2069\ufeff]|\uDB40[\uDC00-\uDC7F]/;

const NAMED: Record<string, string> = { '\r': '\\r', '\u000b': '\\v', '\u000c': '\\f', '\u0000': '\\0' };

export function sanitizeForTerminal(text: string): string {
  if (!HAS_UNSAFE.test(text)) return text;
  return text.replace(CSI, '').replace(UNSAFE, escapeChar);
}

function escapeChar(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const cp = c.codePointAt(0) ?? 0;
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  return `\\u{${cp.toString(16)}}`;
}

/** True when the text holds anything `sanitizeForTerminal` would change. */
export function needsSanitizing(text: string): boolean {
  return HAS_UNSAFE.test(text);
}
