import stripAnsi from 'strip-ansi';
import type { LineMarks } from './types.js';

/** Longest line text handed to reducers and shown in excerpts; the artifact keeps every byte. */
export const MAX_LINE_CHARS = 2000;
/** Bytes of one line kept in memory while splitting: enough for MAX_LINE_CHARS of 4-byte characters. */
export const MAX_LINE_BYTES = MAX_LINE_CHARS * 4;

/**
 * Turns the raw bytes of one line (without its `\n`) into the text reducers see:
 * UTF-8 decoded (invalid bytes become U+FFFD), a trailing `\r` dropped, carriage-return
 * progress folded to what a terminal would finally show, ANSI codes removed, and capped.
 * `fullBytes` is the line's real length when only a prefix was kept.
 */
export function decodeLine(bytes: Buffer, fullBytes = bytes.length): string {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark shows as nothing
  if (text.endsWith('\r') && fullBytes === bytes.length) text = text.slice(0, -1);
  if (text.includes('\r')) text = foldCarriageReturns(text);
  if (text.includes('\x1b') || text.includes('\x9b')) text = stripAnsi(text);
  if (text.length > MAX_LINE_CHARS) {
    text = text.slice(0, MAX_LINE_CHARS);
  }
  if (fullBytes > bytes.length || text.length === MAX_LINE_CHARS) {
    const shownBytes = Buffer.byteLength(text);
    if (fullBytes > shownBytes) text += ` …[+${fullBytes - shownBytes} bytes]`;
  }
  return text;
}

const RED_MARKS: LineMarks = Object.freeze({ red: true });
/** An SGR sequence and the text it colours, up to the next escape. */
const SGR_RUN = /\x1b\[([0-9;]*)m([^\x1b]*)/g;
/** Red or bright-red foreground or background, alone or among other parameters. */
const RED_PARAM = /(?:^|;)(?:31|91|41|101)(?:;|$)/;

/** Marks read off a line's raw bytes; undefined for the common line without escapes. */
export function marksOf(raw: Buffer): LineMarks | undefined {
  if (!raw.includes(0x1b)) return undefined;
  const text = raw.toString('latin1');
  for (const match of text.matchAll(SGR_RUN)) {
    // A red sign (`-` of a removed line) is decoration; a red word is a verdict.
    if (RED_PARAM.test(match[1]!) && /[A-Za-z]{3}/.test(match[2]!)) return RED_MARKS;
  }
  return undefined;
}

/** `50%\r75%\r100%` shows as `100%` on a terminal: keep the last non-empty segment. */
export function foldCarriageReturns(text: string): string {
  const parts = text.split('\r');
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    if (part !== undefined && stripAnsi(part).trim() !== '') return part;
  }
  return parts[parts.length - 1] ?? '';
}
