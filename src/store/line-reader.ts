import fs from 'node:fs';
import type { LineIndexView } from '../core/line-splitter.js';
import { openInStore } from './outputs-dir.js';
import { MAX_LINE_BYTES, MAX_LINE_CHARS, decodeLine } from '../core/lines.js';

const CHUNK = 64 * 1024;
/** One read buffer for every call (reads are synchronous): a packet makes hundreds of small reads. */
let shared: Buffer | null = null;

/** The indexed line at or before `line` and its byte offset (line 1 at 0 without an index). */
export function seekPoint(index: LineIndexView | undefined, line: number): { line: number; offset: number } {
  if (!index || index.offsets.length === 0) return { line: 1, offset: 0 };
  const slot = Math.min(Math.floor((line - 1) / index.stride), index.offsets.length - 1);
  return { line: slot * index.stride + 1, offset: index.offsets[slot] ?? 0 };
}

/**
 * Reads lines `from`..`to` (1-based, inclusive) of a stored stream, decoded the same way the
 * reducers saw them. Seeks through the sparse index, so the cost is independent of the file's size
 * before `from`; a long line costs at most `maxLineBytes` of memory (MAX_LINE_BYTES unless the caller
 * reads a small output whole and asks for its long lines uncut).
 */
export function readLines(file: string, index: LineIndexView | undefined, from: number, to: number, maxLineBytes = MAX_LINE_BYTES): string[] {
  const maxChars = maxLineBytes === MAX_LINE_BYTES ? MAX_LINE_CHARS : maxLineBytes;
  const out: string[] = [];
  if (to < from || from < 1) return out;
  let fd: number;
  try {
    fd = openInStore(file);
  } catch {
    return out;
  }
  try {
    let { line: lineNo, offset: position } = seekPoint(index, from);
    const buffer = (shared ??= Buffer.allocUnsafe(CHUNK));
    let parts: Buffer[] = [];
    let kept = 0;
    let full = 0;
    const flush = (): void => {
      if (lineNo >= from) out.push(decodeLine(Buffer.concat(parts, kept), full, maxChars));
      parts = [];
      kept = 0;
      full = 0;
      lineNo++;
    };
    for (;;) {
      const got = fs.readSync(fd, buffer, 0, CHUNK, position);
      if (got === 0) break;
      position += got;
      let pos = 0;
      while (pos < got && lineNo <= to) {
        const nl = buffer.indexOf(10, pos);
        const end = nl === -1 || nl >= got ? got : nl;
        if (lineNo >= from) {
          const take = Math.min(maxLineBytes - kept, end - pos);
          if (take > 0) {
            parts.push(Buffer.from(buffer.subarray(pos, pos + take)));
            kept += take;
          }
          full += end - pos;
        }
        if (end === got) {
          pos = got;
          break;
        }
        flush();
        pos = end + 1;
      }
      if (lineNo > to) break;
    }
    if (lineNo <= to && full > 0) flush();
    return out;
  } finally {
    fs.closeSync(fd);
  }
}
