import stripAnsi from 'strip-ansi';
import type { LineMarks } from './types.js';

/** Longest line text handed to reducers and shown in excerpts; the artifact keeps every byte. */
export const MAX_LINE_CHARS = 2000;
/** Bytes of one line kept in memory while splitting: enough for MAX_LINE_CHARS of 4-byte characters. */
export const MAX_LINE_BYTES = MAX_LINE_CHARS * 4;

/** The text without its ANSI codes (colours, cursor moves); the same string when it has none, which one search tells. */
export function withoutAnsi(text: string): string {
  return text.includes('\x1b') || text.includes('\x9b') ? stripAnsi(text) : text;
}

/**
 * Turns the raw bytes of one line (without its `\n`) into the text reducers see:
 * UTF-8 decoded (invalid bytes become U+FFFD), a trailing `\r` dropped, carriage-return
 * progress folded to what a terminal would finally show, ANSI codes removed, and capped.
 * `fullBytes` is the line's real length when only a prefix was kept.
 */
export function decodeLine(bytes: Buffer, fullBytes = bytes.length, maxChars = MAX_LINE_CHARS): string {
  return finishLine(bytes.toString('utf8'), bytes.length, fullBytes, maxChars);
}

/** decodeLine of `buffer[start..end)`, without making a view of it: the splitter's path for a line inside one chunk. */
export function decodeLineAt(buffer: Buffer, start: number, end: number): string {
  // No encoding named: Node's toString then decodes UTF-8 at once, without looking the encoding up by name (a twentieth of the split).
  return finishLine(buffer.toString(undefined, start, end), end - start, end - start);
}

/**
 * decodeLineAt for a line the splitter knows holds no carriage return, escape or 0x9B byte (so no `\r`, ESC or 8-bit
 * CSI character): of the rest of decodeLine only the byte-order mark and the length cap can apply, and a text that
 * has either goes the whole way. Four string searches fewer per line.
 */
export function decodePlainLineAt(buffer: Buffer, start: number, end: number): string {
  const text = buffer.toString(undefined, start, end);
  return text.length >= MAX_LINE_CHARS || text.charCodeAt(0) === 0xfeff ? finishLine(text, end - start, end - start) : text;
}

/** The rest of decodeLine, on the decoded text of the `kept` bytes of a line of `fullBytes`. */
function finishLine(decoded: string, kept: number, fullBytes: number, maxChars = MAX_LINE_CHARS): string {
  let text = decoded;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark shows as nothing
  if (text.endsWith('\r') && fullBytes === kept) text = text.slice(0, -1);
  if (text.includes('\r')) text = foldCarriageReturns(text);
  text = withoutAnsi(text);
  if (text.length > maxChars) {
    text = text.slice(0, maxChars);
  }
  if (fullBytes > kept || text.length === maxChars) {
    const shownBytes = Buffer.byteLength(text);
    if (fullBytes > shownBytes) text += ` …[+${fullBytes - shownBytes} bytes]`;
  }
  return text;
}

/** The marker decodeLine puts at the end of a line cut at the length cap: the bytes not kept. */
const CAP_MARK = / …\[\+(\d+) bytes\]$/;

/**
 * Shortens a decoded line for display to `head` characters (and `tail` more from its end). The
 * marker counts what of the whole line is not shown: a line decodeLine already cut at the cap
 * says how many of its bytes are missing (and shows no tail, since its end was never read),
 * not merely how much of the display text was dropped.
 */
export function shortenLine(text: string, head: number, tail = 0): string {
  const capped = CAP_MARK.exec(text);
  if (capped) {
    const body = text.slice(0, capped.index);
    if (body.length <= head) return text;
    return `${body.slice(0, head)} …[+${Number(capped[1]) + Buffer.byteLength(body.slice(head))} bytes]`;
  }
  if (text.length <= head + tail) return text;
  const dropped = ` …[+${text.length - head - tail} chars]`;
  return tail > 0 ? `${text.slice(0, head)}${dropped}… ${text.slice(text.length - tail)}` : `${text.slice(0, head)}${dropped}`;
}

const RED_MARKS: LineMarks = Object.freeze({ red: true });
/** An escape sequence, or the text up to the next one. */
const PIECES = /\x1b\[([0-9;?]*)([A-Za-z])|[^\x1b]+|\x1b/g;
const WORD = /[A-Za-z]{3}/;

/**
 * Marks read off a line's raw bytes; undefined for the common line without escapes.
 * A line is marked red when the tool coloured a word red and left other words of it uncoloured
 * (`# x must be replaced`, a red `FAIL` badge before a file name): a verdict. A red sign (the `-`
 * of a removed line) is decoration, and a line red from end to end is a stream the tool paints red
 * (the stderr of a build step), not a verdict on that line.
 */
export function marksOf(raw: Buffer): LineMarks | undefined {
  if (!raw.includes(0x1b)) return undefined;
  const text = raw.toString('latin1');
  let colour = 0;
  let redWord = false;
  let plainWord = false;
  for (const match of text.matchAll(PIECES)) {
    if (match[2] !== undefined) {
      if (match[2] === 'm') colour = nextColour(colour, match[1]!);
    } else if (match[0] !== '\x1b' && WORD.test(match[0])) {
      if (colour !== 0) redWord = true;
      else plainWord = true;
      if (redWord && plainWord) return RED_MARKS;
    }
  }
  return undefined;
}

const RED_FG = 1;
const RED_BG = 2;

/** The red bits (foreground, background) after an SGR sequence with these parameters. */
function nextColour(colour: number, params: string): number {
  let now = colour;
  const list = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < list.length; i++) {
    const n = Number(list[i]);
    if (n === 0) now = 0;
    else if (n === 31 || n === 91) now |= RED_FG;
    else if (n === 41 || n === 101) now |= RED_BG;
    else if ((n >= 30 && n <= 39) || (n >= 90 && n <= 97)) now &= ~RED_FG;
    else if ((n >= 40 && n <= 49) || (n >= 100 && n <= 107)) now &= ~RED_BG;
    // 38/48 with a 256-colour index (5;n) or an RGB triple (2;r;g;b): not red by this reading.
    if (n === 38 || n === 48) i += list[i + 1] === '5' ? 2 : 4;
  }
  return now;
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
