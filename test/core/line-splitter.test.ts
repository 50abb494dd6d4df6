import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/core/line-splitter.js';
import { MAX_LINE_BYTES, decodeLine, marksOf } from '../../src/core/lines.js';
import type { LineMarks } from '../../src/core/types.js';

/** Line shapes for the splitter's two paths: short lines decoded from the chunk, and lines kept across chunks or past the cap. */
const pieces = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
  fc.constantFrom('\n', '\r\n', '\r', '\x1b[31mFAIL\x1b[0m src/a.ts\n', '\x1b[31m', '\x1b[0m', '\xef\xbb\xbf', '\xc2\x9b', '\xff\xfe', 'ERROR: boom\n', '50%\r100%\n').map((s) => Buffer.from(s, 'latin1')),
  fc.string({ maxLength: 120 }).map((s) => Buffer.from(s + '\n')),
  fc.integer({ min: MAX_LINE_BYTES - 2, max: MAX_LINE_BYTES + 2 }).map((n) => Buffer.concat([Buffer.alloc(n, 'y'), Buffer.from('\n')])),
  fc.integer({ min: 1990, max: 2010 }).map((n) => Buffer.concat([Buffer.alloc(n, 'é'), Buffer.from('\x1b[31mred\x1b[0m plain words\n')])),
);
const output = fc.array(pieces, { maxLength: 40 }).map((parts) => Buffer.concat(parts));

type Seen = { lines: [number, string, LineMarks | undefined][]; overflow: Buffer[]; splitter: LineSplitter; spans: [number, number, number][] };
function split(data: Buffer, cuts: number[], sliceAscii = false): Seen {
  const seen: Seen = { lines: [], overflow: [], splitter: null as unknown as LineSplitter, spans: [] };
  seen.splitter = new LineSplitter(
    (n, text, marks, bytes, start, end) => {
      seen.lines.push([n, text, marks]);
      if (bytes) seen.spans.push([n, start!, end!]);
    },
    (bytes) => seen.overflow.push(Buffer.from(bytes)),
  );
  seen.splitter.sliceAscii = sliceAscii;
  let pos = 0;
  for (const cut of cuts) {
    seen.splitter.push(data.subarray(pos, pos + cut));
    pos += cut;
  }
  seen.splitter.push(data.subarray(pos));
  seen.splitter.end();
  return seen;
}

/** What every line should come out as: its bytes cut at MAX_LINE_BYTES, decoded, marked. */
function reference(data: Buffer): [number, string, LineMarks | undefined][] {
  const out: [number, string, LineMarks | undefined][] = [];
  let start = 0;
  while (start < data.length) {
    const nl = data.indexOf(10, start);
    const end = nl === -1 ? data.length : nl;
    const kept = data.subarray(start, Math.min(end, start + MAX_LINE_BYTES));
    out.push([out.length + 1, decodeLine(kept, end - start), marksOf(kept)]);
    start = end + 1;
  }
  return out;
}

describe('LineSplitter', () => {
  it('gives every line the text and marks decodeLine and marksOf give its bytes, however the bytes are chunked', () => {
    fc.assert(
      fc.property(output, fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 20 }), (data, cuts) => {
        const whole = split(data, []);
        const chunked = split(data, cuts);
        const bytewise = split(data.subarray(0, 1500), Array.from({ length: Math.min(data.length, 1500) }, () => 1));
        expect(whole.lines).toEqual(reference(data));
        expect(chunked.lines).toEqual(whole.lines);
        expect(bytewise.lines).toEqual(reference(data.subarray(0, 1500)));
        // The injection scan reads what reducers do not see: the same bytes whatever the chunking.
        expect(Buffer.concat(chunked.overflow)).toEqual(Buffer.concat(whole.overflow));
        expect(chunked.splitter.index).toEqual(whole.splitter.index);
        expect(chunked.splitter.fineIndex).toEqual(whole.splitter.fineIndex);
      }),
      { numRuns: 120 },
    );
  });

  it('cuts the lines of an ASCII chunk from one decode of it (sliceAscii) into the same texts, marks, bytes and overflow', () => {
    // ASCII outputs with escapes, carriage returns and lines at the caps, some chunks with a non-ASCII byte among them.
    const ascii = fc.oneof(
      fc.string({ maxLength: 120 }).map((s) => Buffer.from(s.replace(/[^\x00-\x7f]/g, 'x') + '\n')),
      fc.constantFrom('\n', '\r\n', '\r', '\x1b[31mFAIL\x1b[0m src/a.ts\n', 'ERROR: boom\n', '50%\r100%\n', 'caf\xc3\xa9\n').map((s) => Buffer.from(s, 'latin1')),
      fc.integer({ min: 1995, max: 2005 }).map((n) => Buffer.concat([Buffer.alloc(n, 'y'), Buffer.from('\n')])),
      fc.integer({ min: MAX_LINE_BYTES - 2, max: MAX_LINE_BYTES + 2 }).map((n) => Buffer.concat([Buffer.alloc(n, 'z'), Buffer.from('\n')])),
    );
    fc.assert(
      fc.property(fc.oneof(fc.array(ascii, { maxLength: 40 }).map((p) => Buffer.concat(p)), output), fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 20 }), (data, cuts) => {
        const decoded = split(data, cuts);
        const sliced = split(data, cuts, true);
        expect(sliced.lines).toEqual(decoded.lines);
        expect(sliced.spans).toEqual(decoded.spans);
        expect(Buffer.concat(sliced.overflow)).toEqual(Buffer.concat(decoded.overflow));
      }),
      { numRuns: 150 },
    );
  });

  it('indexes line starts at both strides', () => {
    const data = Buffer.from(Array.from({ length: 3000 }, (_, i) => `line ${i}\n`).join(''));
    const { splitter } = split(data, [777]);
    const starts = [0];
    for (let i = data.indexOf(10); i !== -1 && i + 1 < data.length; i = data.indexOf(10, i + 1)) starts.push(i + 1);
    expect(splitter.index).toEqual({ stride: 1024, offsets: [starts[0], starts[1024], starts[2048]] });
    expect(splitter.fineIndex.stride).toBe(16);
    expect(Array.from(splitter.fineIndex.offsets)).toEqual(starts.filter((_, k) => k % 16 === 0));
  });

  it('halves the fine index in place past 65,536 offsets: every other one kept, the stride doubled', () => {
    const lines = 16 * 65_536 + 40;
    const data = Buffer.alloc(lines * 2, 'x\n');
    const { splitter } = split(data, [65_536]);
    // Line k*stride+1 starts at byte 2*k*stride.
    expect(splitter.fineIndex.stride).toBe(32);
    expect(Array.from(splitter.fineIndex.offsets)).toEqual(Array.from({ length: Math.ceil(lines / 32) }, (_, k) => 2 * 32 * k));
    expect(splitter.index.stride).toBe(1024);
  });
});
