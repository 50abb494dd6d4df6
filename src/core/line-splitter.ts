import { isAscii } from 'node:buffer';
import { MAX_LINE_BYTES, MAX_LINE_CHARS, decodeLine, decodeLineAt, decodePlainLineAt, marksOf } from './lines.js';
import type { LineMarks } from './types.js';

/** Byte offsets of every `stride`-th line start, kept small by doubling the stride. */
export interface LineIndex {
  stride: number;
  /** offsets[k] is the byte offset where line k*stride+1 starts. */
  offsets: number[];
}

/** A line index as its readers see it: the fine index's offsets sit in a typed array. */
export interface LineIndexView {
  readonly stride: number;
  readonly offsets: ArrayLike<number>;
}

const MAX_INDEX_ENTRIES = 4096;
/** No ESC byte left in the chunk. */
const NONE = -2;
/**
 * The finer index kept in memory for the packet's own reads (excerpts, redaction context): at most
 * 64 Ki offsets (512 KiB), so reading a citation of a 1 GiB log skips a few hundred lines, not thousands.
 */
const FINE_STRIDE = 16;
const MAX_FINE_ENTRIES = 65536;

/**
 * Splits a byte stream into decoded lines with bounded memory: a line longer than
 * MAX_LINE_BYTES keeps only its first bytes in memory and counts the rest.
 */
export class LineSplitter {
  lines = 0;
  bytes = 0;
  /** The index stored with the artifact (small, in its metadata). */
  readonly index: LineIndex = { stride: 1024, offsets: [] };
  /**
   * The finer index's offsets (see FINE_STRIDE): one buffer, made at the first line and halved in place. A growing
   * array left its old backing stores (0.3-0.6 MiB each past 40,000 offsets) in V8's large-object space until a full
   * collection, which the main thread of a long log seldom runs: about 3 MiB of its peak RSS at 256 MiB.
   */
  private fineOffsets: Float64Array | null = null;
  private fineCount = 0;
  private fineStride = FINE_STRIDE;
  private parts: Buffer[] = [];
  private keptBytes = 0;
  private lineBytes = 0;
  private lineStart = 0;
  private overflowing = false;
  /**
   * Lines of an all-ASCII chunk are cut from one decode of the whole chunk (`String.slice`, a view of it) instead of
   * decoded one by one (a call into the runtime each, about 1,000 instructions a line). Only while the reducer runs on a
   * worker thread (the session sets it then): the lines cross to it as copies, and on this thread they are read little
   * and kept briefly. A reducer here would keep pieces of them (templates), and with them every chunk they came from.
   */
  sliceAscii = false;
  /** The chunk `push` is splitting, decoded whole (sliceAscii), or null. */
  private chunkText: string | null = null;

  constructor(
    /** `bytes[start..end)` are the line's raw bytes when it lay whole in one chunk (the injection scan reads them). */
    private readonly onLine: (n: number, text: string, marks?: LineMarks, bytes?: Buffer, start?: number, end?: number) => void,
    /**
     * The bytes of a line longer than MAX_LINE_BYTES, in order, as they arrive: first the kept head (of
     * which reducers see only MAX_LINE_CHARS), then the rest. The injection scan reads whole lines.
     */
    private readonly onOverflow?: (bytes: Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    let pos = 0;
    // Where the next ESC byte of the chunk is (one native search per escape, not one per line): a line
    // without one has no marks to read. Likewise the next carriage return and 0x9B byte: a line without any of the
    // three is decoded without looking for them again in its text (decodePlainLineAt).
    let esc = -1; // -1: not searched yet
    let cr = -1;
    let csi = -1;
    this.chunkText = this.sliceAscii && isAscii(chunk) ? chunk.toString('latin1') : null;
    while (pos < chunk.length) {
      const nl = chunk.indexOf(10, pos);
      if (nl !== -1 && this.lineBytes === 0 && nl - pos <= MAX_LINE_BYTES) {
        // The common line: whole inside this chunk and short, decoded straight from the chunk.
        if (esc !== NONE && esc < pos) {
          esc = chunk.indexOf(0x1b, pos);
          if (esc === -1) esc = NONE;
        }
        if (cr !== NONE && cr < pos) {
          cr = chunk.indexOf(13, pos);
          if (cr === -1) cr = NONE;
        }
        if (csi !== NONE && csi < pos) {
          csi = chunk.indexOf(0x9b, pos);
          if (csi === -1) csi = NONE;
        }
        const escaped = esc >= 0 && esc < nl;
        this.emitAt(chunk, pos, nl, escaped, !escaped && !(cr >= 0 && cr < nl) && !(csi >= 0 && csi < nl));
        pos = nl + 1;
        continue;
      }
      const end = nl === -1 ? chunk.length : nl;
      this.keep(chunk, pos, end);
      if (nl === -1) break;
      this.emit();
      pos = nl + 1;
    }
    this.bytes += chunk.length;
    this.chunkText = null;
  }

  /** emit() for a line that lies whole in `chunk[start..end)` with nothing kept before it. */
  private emitAt(chunk: Buffer, start: number, end: number, escaped: boolean, plain: boolean): void {
    this.lineStart = this.bytes + start;
    // An ASCII line holds no byte-order mark: of decodePlainLineAt only the length cap can apply.
    const whole = this.chunkText;
    const text = plain ? (whole !== null && end - start < MAX_LINE_CHARS ? whole.slice(start, end) : decodePlainLineAt(chunk, start, end)) : decodeLineAt(chunk, start, end);
    if (this.onOverflow && text.length > MAX_LINE_CHARS) this.onOverflow(chunk.subarray(start, end));
    const n = ++this.lines;
    this.record(n);
    // The raw bytes go along only for a line shown whole: a capped line's marker can make it as long as its bytes.
    if (text.length <= MAX_LINE_CHARS) this.onLine(n, text, escaped ? marksOf(chunk.subarray(start, end)) : undefined, chunk, start, end);
    else this.onLine(n, text, escaped ? marksOf(chunk.subarray(start, end)) : undefined);
  }

  /** Bytes of the lines emitted so far (up to the start of a line still waiting for its newline). */
  get consumed(): number {
    return this.lineBytes > 0 ? this.lineStart : this.bytes;
  }

  /** Flushes a last line that has no trailing newline. */
  end(): void {
    if (this.lineBytes > 0) this.emit();
  }

  private keep(chunk: Buffer, from: number, to: number): void {
    if (this.lineBytes === 0) this.lineStart = this.bytes + from;
    const length = to - from;
    this.lineBytes += length;
    const room = MAX_LINE_BYTES - this.keptBytes;
    let take = 0;
    if (room > 0 && length > 0) {
      take = Math.min(room, length);
      this.parts.push(chunk.subarray(from, from + take));
      this.keptBytes += take;
    }
    if (this.onOverflow && take < length) {
      if (!this.overflowing) {
        this.overflowing = true;
        this.onOverflow(Buffer.concat(this.parts, this.keptBytes));
      }
      this.onOverflow(chunk.subarray(from + take, to));
    }
  }

  private emit(): void {
    const kept = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.keptBytes);
    const text = decodeLine(kept, this.lineBytes);
    // A line longer than reducers see is scanned whole: its kept bytes go over unless they went already.
    if (this.onOverflow && !this.overflowing && text.length > MAX_LINE_CHARS) this.onOverflow(kept);
    const n = ++this.lines;
    this.record(n);
    const marks = marksOf(kept);
    this.parts = [];
    this.keptBytes = 0;
    this.lineBytes = 0;
    this.overflowing = false;
    this.onLine(n, text, marks);
  }

  /** A finer index of the same stream, in memory only (see FINE_STRIDE): a view of the offsets so far. */
  get fineIndex(): LineIndexView {
    return { stride: this.fineStride, offsets: this.fineOffsets?.subarray(0, this.fineCount) ?? [] };
  }

  private record(n: number): void {
    // Both strides are powers of two and the fine one never exceeds the stored one.
    if ((n - 1) % this.fineStride !== 0) return;
    const fine = (this.fineOffsets ??= new Float64Array(MAX_FINE_ENTRIES + 1));
    fine[this.fineCount++] = this.lineStart;
    if (this.fineCount > MAX_FINE_ENTRIES) {
      // Every other offset, in place; the stride doubles.
      let k = 0;
      for (let i = 0; i < this.fineCount; i += 2) fine[k++] = fine[i]!;
      this.fineCount = k;
      this.fineStride *= 2;
    }
    const { index } = this;
    if ((n - 1) % index.stride !== 0) return;
    index.offsets.push(this.lineStart);
    if (index.offsets.length > MAX_INDEX_ENTRIES) halve(index);
  }
}

/** Keeps every other offset and doubles the stride. */
function halve(index: LineIndex): void {
  index.offsets = index.offsets.filter((_, k) => k % 2 === 0);
  index.stride *= 2;
}
