/**
 * The first and last bytes of a stream, kept in memory so that output can still be shown raw
 * when the store cannot be written. Bounded: HEAD_BYTES + TAIL_BYTES at most.
 */
export const HEAD_BYTES = 32 * 1024;
export const TAIL_BYTES = 32 * 1024;

export class RawWindow {
  total = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;

  push(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < HEAD_BYTES) {
      const take = rest.subarray(0, HEAD_BYTES - this.headBytes);
      this.head.push(Buffer.from(take));
      this.headBytes += take.length;
      rest = rest.subarray(take.length);
    }
    if (rest.length === 0) return;
    // Stream chunks are fresh buffers, so keeping a view of one is safe and saves a copy.
    this.tail.push(rest.subarray(Math.max(0, rest.length - TAIL_BYTES)));
    this.tailBytes += Math.min(rest.length, TAIL_BYTES);
    while (this.tail.length > 1 && this.tailBytes - this.tail[0]!.length >= TAIL_BYTES) this.tailBytes -= this.tail.shift()!.length;
  }

  /** Head and tail, and how many bytes between them were not kept. */
  snapshot(): { head: Buffer; tail: Buffer; skipped: number } {
    const head = Buffer.concat(this.head, this.headBytes);
    let tail = Buffer.concat(this.tail, this.tailBytes);
    if (tail.length > TAIL_BYTES) tail = tail.subarray(tail.length - TAIL_BYTES);
    return { head, tail, skipped: this.total - head.length - tail.length };
  }
}
